// The API's routes as server.mjs sees them before Next.js: the methods each answers and the largest body it reads.
// Plain ESM so the server needs no build step. api-routes.test.ts holds this table to the exports of app/api/**/route.ts.

/** What parseJsonBody (lib/api/parse.ts) reads at most. */
export const API_BODY_BYTES = 64 * 1024;
/** A form posted to a page: Next.js's server actions read at most 1 MB (and middleware.ts refuses more). */
export const PAGE_BODY_BYTES = 1024 * 1024;

/** Each route's path (`[name]` for a dynamic segment), its exported methods and, where larger, its body limit. */
export const API_ROUTES = [
  { path: '/api/account/close/', methods: ['POST'] },
  { path: '/api/account/email/', methods: ['POST'] },
  { path: '/api/account/email/confirm/', methods: ['POST'] },
  { path: '/api/account/export/', methods: ['GET'] },
  { path: '/api/account/name/', methods: ['POST'] },
  { path: '/api/account/password/', methods: ['POST'] },
  { path: '/api/account/passkeys/', methods: ['GET', 'POST'] },
  { path: '/api/account/passkeys/[id]/', methods: ['DELETE'] },
  { path: '/api/account/passkeys/options/', methods: ['POST'] },
  { path: '/api/appointments/[customerId]/', methods: ['GET', 'POST'] },
  { path: '/api/appointments/[customerId]/[cid]/', methods: ['GET', 'PUT'] },
  { path: '/api/appointments/bof/[customerId]/', methods: ['POST'] },
  { path: '/api/auth/code/', methods: ['POST'] },
  { path: '/api/auth/code/verify/', methods: ['POST'] },
  { path: '/api/auth/invitation/', methods: ['POST'] },
  { path: '/api/auth/passkey/options/', methods: ['POST'] },
  { path: '/api/auth/passkey/verify/', methods: ['POST'] },
  { path: '/api/auth/resetemail/', methods: ['POST'] },
  { path: '/api/auth/resetpassword/', methods: ['POST'] },
  { path: '/api/auth/signin/', methods: ['POST'] },
  { path: '/api/auth/signout/', methods: ['POST'] },
  { path: '/api/auth/signup/', methods: ['POST'] },
  { path: '/api/auth/signup/confirm/', methods: ['POST'] },
  { path: '/api/cron/mail/', methods: ['GET'] },
  { path: '/api/demo-shopify/graphql/', methods: ['POST'] },
  { path: '/api/deposits/[id]/', methods: ['DELETE', 'GET'] },
  { path: '/api/desk/activity/', methods: ['GET'] },
  { path: '/api/desk/appointments/[id]/', methods: ['PATCH'] },
  { path: '/api/desk/appointments/[id]/notify/', methods: ['POST'] },
  { path: '/api/desk/catalog/offers/', methods: ['GET', 'POST'] },
  { path: '/api/desk/catalog/offers/[id]/', methods: ['GET', 'PATCH', 'DELETE'] },
  { path: '/api/desk/catalog/services/', methods: ['GET', 'POST'] },
  { path: '/api/desk/catalog/services/[id]/', methods: ['GET', 'PATCH', 'DELETE'] },
  { path: '/api/desk/customers/', methods: ['GET', 'POST'] },
  { path: '/api/desk/customers/[customerId]/', methods: ['POST'] },
  { path: '/api/desk/customers/[customerId]/note/', methods: ['POST'] },
  { path: '/api/desk/day/[location]/[date]/', methods: ['GET'] },
  { path: '/api/desk/day/[location]/[date]/reassign/', methods: ['POST'] },
  { path: '/api/desk/exports/[file]/', methods: ['GET'] },
  { path: '/api/desk/news/', methods: ['GET', 'POST'] },
  { path: '/api/desk/news/[id]/', methods: ['PATCH', 'DELETE'] },
  { path: '/api/desk/promotions/', methods: ['GET', 'PUT'] },
  { path: '/api/desk/gift-cards/', methods: ['GET', 'PUT'] },
  { path: '/api/desk/deposits/waive/', methods: ['POST'] },
  { path: '/api/desk/reports/', methods: ['GET'] },
  { path: '/api/desk/services/[location]/', methods: ['GET'] },
  { path: '/api/desk/team/', methods: ['GET', 'POST', 'PATCH'] },
  { path: '/api/desk/therapists/', methods: ['GET', 'POST'] },
  { path: '/api/desk/therapists/[id]/', methods: ['PATCH', 'DELETE'] },
  { path: '/api/desk/walk-ins/', methods: ['POST'] },
  { path: '/api/desk/locations/[slug]/hours/', methods: ['GET', 'PUT'] },
  // The owner's photo upload (lib/photos/handlers.ts): a photo of up to 15 MB and the form's few fields.
  { path: '/api/desk/photos/', methods: ['POST'], maxBodyBytes: 16 * 1024 * 1024 },
  { path: '/api/desk/photos/attachments/[kind]/[id]/', methods: ['PUT', 'DELETE'] },
  { path: '/api/desk/photos/attachments/[kind]/[id]/remove/', methods: ['POST'] },
  { path: '/api/desk/waitlist/[entryId]/', methods: ['DELETE'] },
  { path: '/api/desk/waitlist/[entryId]/book/', methods: ['POST'] },
  { path: '/api/health/', methods: ['GET'] },
  { path: '/api/holds/', methods: ['POST', 'DELETE'] },
  { path: '/api/locations/ui/', methods: ['GET'] },
  { path: '/api/marketing/createsubscription/', methods: ['POST'] },
  { path: '/api/marketing/unsubscribe/', methods: ['GET', 'POST'] },
  { path: '/api/shop/checkout/', methods: ['POST'] },
  { path: '/api/shop/gift-cards/', methods: ['POST'] },
  { path: '/api/shop/new-client/', methods: ['GET'] },
  // Shopify's orders/paid webhook (lib/shopify/webhook.ts): an order's JSON can pass 64 KB.
  { path: '/api/shop/webhooks/orders/', methods: ['POST'], maxBodyBytes: 1024 * 1024 },
  { path: '/api/slots/[location]/[areaId]/[therapistId]/[date]/[duration]/', methods: ['GET'] },
  { path: '/api/visits/[location]/', methods: ['GET'] },
  { path: '/api/waitlist/', methods: ['GET', 'POST'] },
  { path: '/api/waitlist/[entryId]/', methods: ['DELETE'] },
];

/**
 * The largest body any route reads. Next.js cuts a body that passes its middleware at 10 MB unless told more
 * (next.config.mjs, proxyClientMaxBodySize): a 12 MB photo arrived cut short and could not be read.
 */
export const LARGEST_BODY_BYTES = Math.max(PAGE_BODY_BYTES, ...API_ROUTES.map((route) => route.maxBodyBytes ?? API_BODY_BYTES));

/** Methods the Fetch standard forbids: Next.js cannot build a Request for them and its middleware throws (a 500). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

const segmentsOf = (path) => path.split('/').filter(Boolean);
const isDynamic = (segment) => segment.startsWith('[');
// As Next.js routes: at the first segment where two patterns differ, a static one wins over a dynamic one
// (/api/appointments/bof/x/ is bof's route, not an appointment's).
const specificity = (segments) => segments.map((segment) => (isDynamic(segment) ? '1' : '0')).join('');
const compiled = API_ROUTES.map((route) => ({ ...route, segments: segmentsOf(route.path) })).sort((a, b) =>
  specificity(a.segments).localeCompare(specificity(b.segments)),
);

const isApi = (target) => segmentsOf((target ?? '/').split('?')[0])[0] === 'api';

/** The route of `target` (a request's address, with or without its trailing slash and query), or undefined. */
export function apiRouteOf(target) {
  const segments = segmentsOf((target ?? '/').split('?')[0].split('#')[0]);
  if (segments[0] !== 'api') return undefined;
  return compiled.find(
    (route) => route.segments.length === segments.length && route.segments.every((part, i) => isDynamic(part) || part === segments[i]),
  );
}

/** The Allow header of a route: its methods, HEAD wherever GET is (HEAD is a GET without the body). */
export function allowedMethods(route) {
  const methods = new Set(route.methods);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * A 405 for a method the addressed resource does not answer, with its Allow list, or undefined. An API route
 * answers only the methods its file exports (not Next.js's automatic OPTIONS: the site answers no CORS preflight).
 * A page or an unknown address is Next.js's to answer, except under a method Next.js cannot handle at all: there a
 * page answers 405 and an address the API does not have 404.
 */
export function methodProblem(method, target) {
  const route = apiRouteOf(target);
  if (route) {
    const allow = allowedMethods(route);
    return allow.includes(method) ? undefined : { status: 405, api: true, allow: allow.join(', ') };
  }
  if (!FORBIDDEN_METHODS.has(method)) return undefined;
  return isApi(target) ? { status: 404, api: true } : { status: 405, api: false, allow: 'GET, HEAD, POST' };
}

/**
 * A 413 for a request whose declared Content-Length is over what its route reads, decided from the headers alone so
 * the body is never read; undefined otherwise (a chunked body is counted by the handler as it reads).
 */
export function declaredBodyProblem(method, target, contentLength) {
  if (contentLength === undefined || method === 'GET' || method === 'HEAD') return undefined;
  const declared = Number(contentLength);
  if (!Number.isFinite(declared)) return undefined;
  const api = isApi(target);
  const limit = api ? (apiRouteOf(target)?.maxBodyBytes ?? API_BODY_BYTES) : PAGE_BODY_BYTES;
  return declared > limit ? { status: 413, api, limit } : undefined;
}
