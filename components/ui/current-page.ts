/**
 * aria-current="page" for the link to the page in view, spread into its props: `<Link {...currentPage(on)} />`.
 * An attribute passed as undefined to a client component still costs a `"aria-current":"$undefined"` in the page's
 * payload, once per link, so the other links leave the key out.
 */
export function currentPage(on: boolean): { 'aria-current'?: 'page' } {
  return on ? { 'aria-current': 'page' } : {};
}
