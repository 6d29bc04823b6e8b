/** The page in view (aria-current) and a link left unprefetched, as bits of a chip link's third field. */
export const CURRENT = 1;
export const NO_PREFETCH = 2;

/** One link of ChipLinks: its address, its text and its flags (CURRENT | NO_PREFETCH), left out when none. */
export type ChipLink = readonly [href: string, label: string, flags?: number];

/** A chip link from the server's side (no React: a 'use client' module's constants are references there). */
export function chipLink(href: string, label: string, { current = false, prefetch = true }: { current?: boolean; prefetch?: boolean } = {}): ChipLink {
  const flags = (current ? CURRENT : 0) | (prefetch ? 0 : NO_PREFETCH);
  return flags ? [href, label, flags] : [href, label];
}
