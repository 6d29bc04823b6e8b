/**
 * The address a click will navigate to inside the site, or undefined when it will not: another origin, a new tab or
 * window, a download, a modified or non-primary click, or a jump within the same page. The progress bar starts on
 * such a click and stops when the address has changed.
 */
export function navigationTarget(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>, current: URL): URL | undefined {
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
  if (target.origin !== current.origin) return undefined;
  if (target.pathname === current.pathname && target.search === current.search) return undefined;
  return target;
}
