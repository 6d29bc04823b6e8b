import { NextResponse, type NextRequest } from 'next/server';
import { hasSavedState, savedStateRoute } from './lib/routing/saved-state-pages';

/**
 * Runs on the API, the personal pages, and catalogue pages requested with saved-state cookies (see the matcher).
 * Security headers come from next.config.mjs on every response; authorisation is checked by each route itself,
 * never only here.
 */
export async function middleware(request: NextRequest) {
  // The internal subrequest header of CVE-2025-29927 never comes from a browser: refuse it outright.
  if (request.headers.has('x-middleware-subrequest')) {
    return new NextResponse('Bad request', { status: 400 });
  }
  const refusedForm = await refuseMalformedPageForm(request);
  if (refusedForm) return refusedForm;
  // A visitor with saved state gets the page's twin, rendered per request with the cookies read on the server.
  const twin = hasSavedState(request.cookies.getAll().map((cookie) => cookie.name)) ? savedStateRoute(request.nextUrl.pathname) : undefined;
  if (twin) {
    const url = request.nextUrl.clone();
    url.pathname = twin;
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

/**
 * A form posted to a page is a server action (a form sent before the scripts ran, or without them). Next.js parses
 * it and answers 500 when the multipart body is malformed or cut short: such a body is refused here with 400, and
 * one above the server actions' 1 MB limit with 413.
 */
async function refuseMalformedPageForm(request: NextRequest): Promise<NextResponse | undefined> {
  if (request.method !== 'POST' || request.nextUrl.pathname.startsWith('/api/')) return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (!/^\s*multipart\/form-data/i.test(type)) return undefined;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_PAGE_FORM_BYTES) {
    return new NextResponse('This form is too large.', { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  try {
    await request.formData();
    return undefined;
  } catch {
    return new NextResponse('This form could not be read. Please go back and send it again.', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

const MAX_PAGE_FORM_BYTES = 1024 * 1024;

/**
 * The personal and protected paths and the API always. Other pages only when a saved-state cookie is present: a
 * visitor without one gets the prerendered file without the middleware running at all (on a prerendered catalogue
 * page it was half the cost of a request: 220 against 587 requests/s). Next.js adds the .rsc and segment-prefetch
 * variants of each path to the matcher itself. The cookie names are SAVED_STATE_COOKIES, written out because Next.js
 * reads the matcher without running this file.
 */
export const config = {
  matcher: [
    '/api/:path*',
    '/account/:path*',
    '/booking/:path*',
    '/checkout/:path*',
    '/demo-checkout/:path*',
    { source: '/((?!api/|_next/|images/|.*\\.).*)', has: [{ type: 'cookie', key: 'bnp_card' }] },
    { source: '/((?!api/|_next/|images/|.*\\.).*)', has: [{ type: 'cookie', key: 'bnp_fav' }] },
    { source: '/((?!api/|_next/|images/|.*\\.).*)', has: [{ type: 'cookie', key: 'bnp_shop' }] },
    { source: '/((?!api/|_next/|images/|.*\\.).*)', has: [{ type: 'cookie', key: 'BnpAuth' }] },
    // A request with a body (a form posted to a page); page views and static files carry no Content-Type.
    { source: '/((?!api/|_next/static/|images/).*)', has: [{ type: 'header', key: 'content-type' }] },
  ],
};
