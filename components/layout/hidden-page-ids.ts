/**
 * Ids stay unique while Next.js keeps pages it has left in the document. With cacheComponents the router keeps up to
 * three of them per route level, hidden by React's <Activity> (an inline `display: none` on the hidden part's top
 * elements), so that Back shows them as they were; Next.js 16 has no setting to turn that off. Their ids stay too:
 * after /booking/, /signin/ and back there were two `field-email` inputs and two `main-personal` landmarks, and since
 * a label's `for` names the first element with its id, both pages' 'E-mail' labels named the shown field ('E-mail
 * E-mail'). While a part of the document is hidden this way its ids and `for`s are parked in data attributes, and
 * they come back when React shows it again (Back). What a hidden part's `aria-labelledby` points to is in that part,
 * so it needs nothing. Its top elements also get the `hidden` attribute meanwhile: a document has one <main> without
 * it, as HTML asks.
 */
const PARKED: Readonly<Record<'id' | 'for', string>> = { id: 'data-hidden-id', for: 'data-hidden-for' };
const ATTRIBUTES = Object.keys(PARKED) as (keyof typeof PARKED)[];
const NAMED = '[id], [for]';
const PARKED_SELECTOR = '[data-hidden-id], [data-hidden-for]';
/** Marks a `hidden` attribute this module added, to take away again (never one React rendered). */
const HIDDEN_HERE = 'data-hidden-part';

/** React hides a part of the page (an Activity, a Suspense boundary showing its fallback again) with an inline style. */
function hiddenHere(element: Element): boolean {
  return (element as HTMLElement).style?.display === 'none';
}

function inHiddenPart(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) if (hiddenHere(node)) return true;
  return false;
}

function parkOne(element: Element) {
  for (const attribute of ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    element.setAttribute(PARKED[attribute], value);
    element.removeAttribute(attribute);
  }
}

function park(part: Element) {
  if (hiddenHere(part) && !part.hasAttribute('hidden')) {
    part.setAttribute('hidden', '');
    part.setAttribute(HIDDEN_HERE, '');
  }
  parkOne(part);
  for (const element of part.querySelectorAll(NAMED)) parkOne(element);
}

/** Back in view: what was parked in `part` comes back, except inside a part that is still hidden (an older page). */
function restore(part: Element) {
  if (part.hasAttribute(HIDDEN_HERE)) {
    part.removeAttribute('hidden');
    part.removeAttribute(HIDDEN_HERE);
  }
  for (const element of [part, ...part.querySelectorAll(PARKED_SELECTOR)]) {
    if (inHiddenPart(element)) continue;
    for (const attribute of ATTRIBUTES) {
      const value = element.getAttribute(PARKED[attribute]);
      if (value === null) continue;
      element.setAttribute(attribute, value);
      element.removeAttribute(PARKED[attribute]);
    }
  }
}

function handle(record: MutationRecord) {
  if (record.type === 'childList') {
    // Rendered into a hidden part (React renders hidden pages at a low priority).
    for (const node of record.addedNodes) if (node instanceof Element && inHiddenPart(node)) park(node);
    return;
  }
  const element = record.target as Element;
  if (record.attributeName === 'style') {
    if (hiddenHere(element)) park(element);
    else if (!inHiddenPart(element)) restore(element);
  } else if (inHiddenPart(element)) {
    // An id or `for` React set again on an element of a hidden part.
    parkOne(element);
  }
}

/**
 * Keeps the ids of the hidden parts of `doc` parked from now on, and returns the function that stops it. A
 * MutationObserver's records arrive in a microtask after React's commit: before the browser paints, handles an event
 * or updates what a screen reader reads.
 */
export function watchHiddenPageIds(doc: Document = document): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) handle(record);
    // Parking and restoring change ids and styles too; those records are this function's own.
    observer.takeRecords();
  });
  observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', ...ATTRIBUTES] });
  return () => observer.disconnect();
}
