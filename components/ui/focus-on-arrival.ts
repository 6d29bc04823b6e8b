/**
 * After a page change in the browser, the control that had the focus is often gone: the link pressed was in the page
 * the router has hidden, or BOOK was replaced. The browser then leaves the focus on <body>, and its next Tab starts
 * wherever that control was (on the confirmation page, the footer). When that happened, the new page's <main> (which
 * takes focus, for the skip link) gets it, without scrolling: a screen reader starts at the content and Tab goes on
 * from there. A page whose heading says what just happened makes it focusable (tabIndex -1: 'Booking confirmed'), and
 * the heading gets the focus instead, so that it is what is read. A control that is still shown (a header link) keeps
 * the focus.
 */
export function focusMainIfLost(doc: Document = document): void {
  const active = doc.activeElement;
  if (active && active !== doc.body && shown(active)) return;
  const main = [...doc.querySelectorAll('main')].find(shown);
  const heading = main?.querySelector<HTMLElement>('h1[tabindex="-1"]');
  (heading ?? main)?.focus({ preventScroll: true });
}

/** In the document and drawn: not in a page the router has hidden. */
export function shown(element: Element): boolean {
  if (!element.isConnected) return false;
  // checkVisibility: false inside a display:none subtree (the router's hidden page); absent in older engines.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}
