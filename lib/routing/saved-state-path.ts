/**
 * The path prefix of the twin routes (app/with-saved-state/) and the address a visitor sees for one. Kept apart from
 * saved-state-pages.ts because the header imports it into every page's first-load JavaScript.
 */
export const SAVED_STATE_SEGMENT = 'with-saved-state';

/** The address the visitor sees for a path that may be a twin route (usePathname gives the twin's on the server). */
export function publicPathname(pathname: string): string {
  const prefix = `/${SAVED_STATE_SEGMENT}`;
  if (pathname === prefix || pathname === `${prefix}/`) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}
