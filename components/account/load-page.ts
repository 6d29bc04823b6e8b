/** Loads `href` as a new document (not the router): nothing of the page left behind stays in a cache for Back. */
export function loadPage(href: string): void {
  window.location.assign(href);
}
