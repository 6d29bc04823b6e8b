import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { SAVED_STATE_SEGMENT } from './saved-state-path';

/**
 * Catalogue and content pages are prerendered once for everybody. A visitor who has saved state (a booking cart,
 * favourites, a shopping cart or a profile) is served the same page from a twin route under SAVED_STATE_SEGMENT,
 * rendered per request with the cookies read on the server, so the header's badges and the favourite and booked
 * marks are right in the server HTML. Visitors without those cookies (first visits, search engines) never leave the
 * prerendered files. middleware.ts applies the rewrite; app/with-saved-state/ holds the twins.
 */

/**
 * The cookies that change what a page shows. The location cookie is not one of them: the header does not show it
 * and the menus name their location in the path.
 */
export const SAVED_STATE_COOKIES = [COOKIE_NAMES.card, COOKIE_NAMES.favorites, COOKIE_NAMES.shop, COOKIE_NAMES.auth] as const;

/** First path segments of routes that are not catalogue or content pages: they are never rewritten. */
const OTHER_ROUTES = new Set([
  'api',
  '_next',
  'account',
  'booking',
  'checkout',
  'demo-checkout',
  'signin',
  'signup',
  'resetemail',
  'resetpassword',
  'resetconfirmation',
  'resetnotvalid',
  'subscription',
  SAVED_STATE_SEGMENT,
]);

/**
 * The twin route of a catalogue or content page, or undefined for the API, the pages that are rendered per request
 * anyway, and files (anything whose last segment has a dot: images, robots.txt, sitemap.xml, the icon).
 */
export function savedStateRoute(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const [first] = segments;
  if (first !== undefined && OTHER_ROUTES.has(first)) return undefined;
  if (segments.at(-1)?.includes('.')) return undefined;
  return `/${SAVED_STATE_SEGMENT}${pathname === '/' ? '/' : pathname}`;
}

export function hasSavedState(cookieNames: Iterable<string>): boolean {
  const names = new Set(cookieNames);
  return SAVED_STATE_COOKIES.some((name) => names.has(name));
}

/**
 * The twin's generateStaticParams. A twin must have one: without it Next.js puts a prerendered shell in front of the
 * route and an unknown address answers 200 (the 404 page) instead of 404, measured with 16.4. One entry is enough,
 * since the twins read cookies and are never prerendered; listing all of them only made the build two minutes longer.
 */
export function oneTwinParam<P>(originals: () => P[] | Promise<P[]>): () => Promise<P[]> {
  return async () => (await originals()).slice(0, 1);
}
