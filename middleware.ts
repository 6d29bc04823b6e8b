import { NextResponse, type NextRequest } from 'next/server';
import { nextStartRequestHeaders } from '@/lib/api/next-start-headers';
import { comesFromSite } from '@/lib/api/origin';
import { deskGateAnswer } from '@/lib/auth/desk-gate';
import { DAY_FORM_PATH, dayFormTarget } from '@/lib/desk/day-form';
import { env } from '@/lib/env';
import { firstRequestProblem } from '@/lib/server/request-guard.mjs';
import { siteDoor } from '@/lib/server/site-door.mjs';

/**
 * Runs on the API, the personal pages and form posts (see the matcher); never on a catalogue or content page view,
 * which is one prerendered file for every visitor.
 * Security headers come from next.config.mjs on every response; authorisation is checked by each route itself,
 * never only here.
 */
export async function middleware(request: NextRequest) {
  // The internal subrequest header of CVE-2025-29927 never comes from a browser: refuse it outright.
  if (request.headers.has('x-middleware-subrequest')) {
    return new NextResponse('Bad request', { status: 400 });
  }
  // Under `next start` no server.mjs has looked at the request first (lib/server/site-door.mjs): its checks of the
  // address are made here, on the paths the matcher gives the middleware (docs/deploy.md: the rest is the edge's).
  const nextStart = !siteDoor().frontServer;
  if (nextStart) {
    const problem = firstRequestProblem({ url: request.nextUrl.pathname + request.nextUrl.search });
    if (problem) return plain(problem.status, problem.message);
  }
  const refusedForm = await refuseBadPagePost(request);
  if (refusedForm) return refusedForm;
  const desk = await deskPageGate(request);
  const headers = nextStart ? nextStartRequestHeaders(request.headers, env().TRUST_CLIENT_ADDRESS_HEADER, env().TRUST_PROXY) : undefined;
  const response = desk.answer ?? (headers ? NextResponse.next({ request: { headers } }) : NextResponse.next());
  // The header greets from the readable profile once the scripts run: a desk page's answer makes it name the session's account.
  if (desk.displayCookie) response.headers.append('set-cookie', desk.displayCookie);
  return response;
}

/**
 * A desk page asked for by anyone but staff, and any desk page whose readable profile does not name the session's
 * account (it is put right on the answer). A page rendered per request cannot set its status once Next.js has
 * begun to stream it, so the session's role is looked up here first (lib/auth/desk-gate.ts): a customer, and anyone
 * on a proxy front, gets the 404 page with status 404; a visitor without a session, or whose session has ended, a
 * 307 to sign in and back. Staff go on to the page, whose layout checks again (app/(desk)/layout.tsx).
 */
async function deskPageGate(request: NextRequest): Promise<{ answer?: NextResponse; displayCookie?: string }> {
  const { pathname, search } = request.nextUrl;
  if (!pathname.startsWith('/desk/') || (request.method !== 'GET' && request.method !== 'HEAD')) return {};
  const { gate, displayCookie } = await deskGateAnswer(request);
  const answer = (() => {
    if (gate === 'desk') return pathname === DAY_FORM_PATH ? dayFormRedirect(request) : undefined;
    if (gate === 'not-found') return NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url), { status: 404 });
    const target = new URL('/signin/', request.url);
    target.search = `?url=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(target, 307);
  })();
  return { answer, displayCookie };
}

/** The day view's date form, sent on as a real redirect (lib/desk/day-form.ts): it works without scripts. */
function dayFormRedirect(request: NextRequest): NextResponse | undefined {
  const target = dayFormTarget(request.nextUrl.searchParams);
  return target ? NextResponse.redirect(new URL(target, request.url), 307) : undefined;
}

/** An address no route has: Next.js renders the 404 document (app/global-not-found.tsx) for it. */
const NOT_FOUND_PAGE = '/_desk-not-found/';

/**
 * A POST to a page is a server action: a form sent before the scripts ran or without them, or the scripts' own
 * call. Next.js answers 500 for a cross-site one and for a malformed or cut-short multipart body: the first is
 * refused here with 403 (the API's Origin check, `comesFromSite` in lib/api/origin.ts: the whole origin, scheme and
 * port too, against SITE_URL and the address the request was sent to; Next.js's own check compares hosts only), the
 * second with 400 (as is an action call whose body is not multipart), and one above the server actions' 1 MB limit
 * with 413.
 */
async function refuseBadPagePost(request: NextRequest): Promise<NextResponse | undefined> {
  if (request.method !== 'POST' || request.nextUrl.pathname.startsWith('/api/')) return undefined;
  const type = request.headers.get('content-type') ?? '';
  const multipart = /^\s*multipart\/form-data/i.test(type);
  const action = multipart || request.headers.has('next-action') || /^\s*application\/x-www-form-urlencoded/i.test(type);
  if (!action) return undefined;
  // Browsers send Origin with every POST; a call without one (a script, not a person's browser) is refused as the
  // API refuses it, by the API's own check (lib/api/origin.ts), where Next.js would let it through.
  if (!comesFromSite(request)) return plain(403, 'This form must be sent from the salon site itself.');
  // Every server action of this site takes the form's FormData, so the scripts' own call is a multipart body too. Any
  // other body under an action id (text React cannot decode) made Next.js answer 500.
  if (!multipart && request.headers.has('next-action')) return plain(400, 'This form could not be read. Please go back and send it again.');
  if (!multipart) return undefined;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_PAGE_FORM_BYTES) return plain(413, 'This form is too large.');
  try {
    await request.formData();
    return undefined;
  } catch {
    return plain(400, 'This form could not be read. Please go back and send it again.');
  }
}

function plain(status: number, message: string): NextResponse {
  return new NextResponse(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

const MAX_PAGE_FORM_BYTES = 1024 * 1024;

/**
 * The personal and protected paths and the API always; other pages only for a request with a body or a server
 * action. A page view of a catalogue or content page never runs the middleware: on a prerendered page it was half
 * the cost of a request (220 against 587 requests/s). Next.js adds the .rsc and segment-prefetch variants of each
 * path to the matcher itself.
 */
export const config = {
  // The desk's gate reads the session from the database (PGlite or PostgreSQL), which the edge runtime cannot open.
  runtime: 'nodejs',
  matcher: [
    '/api/:path*',
    '/account/:path*',
    '/booking/:path*',
    '/cart/:path*',
    '/checkout/:path*',
    '/demo-checkout/:path*',
    '/desk/:path*',
    // A request with a body (a form posted to a page); page views and static files carry no Content-Type.
    { source: '/((?!api/|_next/static/|images/).*)', has: [{ type: 'header', key: 'content-type' }] },
    // A server action called by script, which may come without a body.
    { source: '/((?!api/|_next/static/|images/).*)', has: [{ type: 'header', key: 'next-action' }] },
    // Any other address with a %-escape (no catalogue or content page has one): under `next start` a malformed one
    // is refused here, where Next.js answered 500.
    '/((?!api/|_next/static/|images/)[^%]*%.*)',
  ],
};
