type LinkClick = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>;

/**
 * The address a click on a link goes to inside the site, or undefined when the browser should handle the click:
 * another origin, a new tab or window, a download, a modified or non-primary click. The site's links
 * (AppLink.tsx) navigate on the client when it gives an address.
 */
export function linkClickTarget(event: LinkClick, current: URL): URL | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const element = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!element || !(element instanceof HTMLAnchorElement)) return undefined;
  if ((element.target && element.target !== '_self') || element.hasAttribute('download')) return undefined;
  let target: URL;
  try {
    target = new URL(element.getAttribute('href') ?? '', current);
  } catch {
    return undefined;
  }
  return target.origin === current.origin ? target : undefined;
}

/**
 * The address a click will navigate to inside the site, or undefined when it will not: as linkClickTarget, and not a
 * jump within the same page. The progress bar starts on such a click and stops when the address has changed.
 */
export function navigationTarget(event: LinkClick, current: URL): URL | undefined {
  const target = linkClickTarget(event, current);
  if (!target || (target.pathname === current.pathname && target.search === current.search)) return undefined;
  return target;
}
