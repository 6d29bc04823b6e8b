#!/usr/bin/env node
// The site's HTTP server (`npm start`): Next.js in this one process, so a signal to it stops the site.
// Before Next.js sees a request it
// - takes the client's address from the socket, or from X-Forwarded-For only as far as TRUST_PROXY hops are trusted,
//   and hands it on in x-bnp-client-address (a copy sent by the client is dropped);
// - drops X-Forwarded-Host and -Proto from untrusted peers and sets them itself, so https is known for HSTS;
// - answers 400 for addresses that cannot be decoded (a bare '%', a NUL), which Next.js turns into a 500;
// - answers 405 for a method an API route does not have (lib/server/api-routes.mjs), and 413 for a declared body
//   over its route's limit, before reading it; a refused body still arriving is dropped, not met with a reset
//   (lib/server/linger.mjs);
// - cuts a request whose headers and body have not arrived within REQUEST_TIMEOUT_MS (408);
// - compresses what Next.js answers (brotli or gzip, the `compression` package; next.config.mjs turns Next.js's own
//   off), keeping a response's Content-Type a plain string so that prerendered route handlers are compressed too;
// - puts the stylesheet's text in the HTML for a browser that does not have it yet (lib/server/inline-stylesheet.mjs);
// - answers a prerendered page from memory after its first view (lib/server/page-cache.mjs), as a CDN would, and
//   forgets it when the catalogue it shows changes;
// - answers the 404 page for a catalogue address that names no service or offer, before Next.js would render it;
// - answers Next.js's build files with a brotli copy made once (lib/server/static-brotli.mjs), as a CDN would.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import next from 'next';
import { DataDirLockedError, lockDataDir } from './lib/db/data-dir-lock.mjs';
import { declaredBodyProblem, LARGEST_BODY_BYTES, methodProblem } from './lib/server/api-routes.mjs';
import { siteUrlWarningAtStart } from './lib/server/build-site-url.mjs';
import { DRAIN_MS, STOP_AFTER_DRAIN_MS, trackRequests } from './lib/server/drain.mjs';
import { lingerAfterRefusal, lingerMs } from './lib/server/linger.mjs';
import { listenFailureMessage, parseRequestTimeout, timeoutOptions } from './lib/server/listen.mjs';
import { newRequestId, parseLogFormat, requestLine, routeConsole, withRequestId } from './lib/server/request-log.mjs';
import { firstRequestProblem, forwardedFor } from './lib/server/request-guard.mjs';
import { createPageCache } from './lib/server/page-cache.mjs';
import { expireNextTags } from './lib/server/next-tags.mjs';
import { setSharedSlot, sharedSlot } from './lib/server/shared-slots.mjs';
import { siteDoor } from './lib/server/site-door.mjs';
import { createStaticBrotli } from './lib/server/static-brotli.mjs';
import { createStylesheetInliner } from './lib/server/inline-stylesheet.mjs';
import { keepContentTypeSingle } from './lib/server/response-headers.mjs';
import { securityHeaders, shopOriginFromEnv } from './lib/security/headers.mjs';

const logFormat = parseLogFormat(process.env.LOG_FORMAT);
if (logFormat.error) {
  console.error(logFormat.error);
  process.exit(1);
}
// Every line the process logs (Next.js's, the site's, this file's) in LOG_FORMAT, with the id of its request if any.
routeConsole(logFormat.format);

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || undefined;
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
const requestTimeout = parseRequestTimeout(process.env.REQUEST_TIMEOUT_MS);
if (requestTimeout.error) {
  console.error(requestTimeout.error);
  process.exit(1);
}

// The build's prerendered pages carry the SITE_URL it was given: a server started with another would serve them with
// the old origin, so say so once it listens (the server still starts: the pages rendered per request use the new
// one; a server that cannot listen says only why).
const distDir = path.resolve(process.env.NEXT_DIST_DIR ?? '.next');
const siteUrlWarning = siteUrlWarningAtStart(distDir, process.env.SITE_URL);

function parseTrustProxy(value) {
  if (value === undefined || value.trim() === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    console.error(`TRUST_PROXY must be the number of proxies in front of the site (0 to 10), not "${value}".`);
    process.exit(1);
  }
  return hops;
}

// The embedded database is this process's alone: refuse to start beside another server on the same folder.
if (!process.env.DATABASE_URL?.trim() && !process.env.SALON_API_URL?.trim()) {
  try {
    lockDataDir(path.resolve(process.env.DATA_DIR?.trim() || '.data'));
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  }
}

// Next.js's own origin for internal URLs, not the address it listens on: with any other hostname here, a
// middleware rewrite (there was one until issue 13) counted as another origin and Next.js fetched the page a second
// time over HTTP (and a form posted to it failed the Origin check on that second trip).
// next.config.mjs reads this: Next.js leaves compression to this server, which rewrites a page's HTML first.
process.env.SERVER_COMPRESSES = '1';
const app = next({ dev: false, hostname: 'localhost', port });

/**
 * Answers before Next.js sees the request; the body is never handed on, only dropped as it arrives, within limits
 * (lib/server/linger.mjs). On /api/ the answer is the API's JSON error shape (lib/api/errors.ts), elsewhere plain text.
 */
function refuse(request, response, status, message, { api = false, code = 'bad_request', headers = {} } = {}) {
  const production = process.env.NODE_ENV === 'production';
  const https = request.headers['x-forwarded-proto'] === 'https';
  for (const { key, value } of securityHeaders({ production, https })) response.setHeader(key, value);
  for (const [key, value] of Object.entries(headers)) response.setHeader(key, value);
  response.statusCode = status;
  response.setHeader('content-type', api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  lingerAfterRefusal(request, response, { maxBytes: LARGEST_BODY_BYTES, ms: lingerMs(requestTimeout.ms) });
  response.end(api ? JSON.stringify({ error: { code, message } }) : message);
}

/** Refuses a request that must not reach Next.js (see the top of this file); true when it did. */
function refusedBeforeNext(request, response) {
  const problem = firstRequestProblem(request);
  if (problem) {
    refuse(request, response, problem.status, problem.message);
    return true;
  }
  const method = methodProblem(request.method, request.url);
  if (method?.status === 404) {
    refuse(request, response, 404, 'Not found.', { api: true, code: 'not_found' });
    return true;
  }
  if (method) {
    const message = `This address does not take ${request.method} requests${method.allow ? ` (it takes ${method.allow})` : ''}.`;
    refuse(request, response, 405, message, { api: method.api, code: 'method_not_allowed', headers: { allow: method.allow } });
    return true;
  }
  const size = declaredBodyProblem(request.method, request.url, request.headers['content-length']);
  if (size) {
    refuse(request, response, 413, size.api ? 'The request body is too large.' : 'This form is too large.', { api: size.api, code: 'too_large' });
    return true;
  }
  return false;
}

/** Next.js's handler and the site's caches in front of it, once Next.js is prepared (sitePrepared). */
let site;
let sitePrepared;

// The build's stylesheets, inlined in the HTML of a first visit; known once the build's id is read below.
let stylesheets;
const pageCache = createPageCache({ variantOf: (request) => stylesheets?.variantOf(request) ?? '' });
const compress = compression();
// The site (lib/catalog/live.ts) says here which cache tags a published change touched, from the request that made it
// or from the database's notice to every instance; the pages that show them are rendered again at their next view.
const door = siteDoor();
// The middleware hands requests on as they are when this server is in front; under `next start` it does what it can.
door.frontServer = true;
door.pagesChanged = (tags) => {
  expireNextTags(tags);
  pageCache.clear();
};

/** An address no route has: Next.js answers it with the 404 document (app/global-not-found.tsx), as middleware.ts does. */
const MISSING_PAGE = '/_missing-page/';

function serve(request, response) {
  requests.track(response);
  // Each request has an id: in its log line, in what is logged while it is handled, in its answer's X-Request-Id (a
  // client's own is replaced), and on the error pages, so that a visitor's report leads to the log.
  const id = newRequestId();
  request.headers['x-request-id'] = id;
  response.setHeader('x-request-id', id);
  // The error pages read it here (lib/client/request-reference.ts): a page's scripts may read Server-Timing, not headers.
  response.setHeader('server-timing', `request;desc="${id}"`);
  const startedAt = performance.now();
  response.once('close', () => {
    const status = response.writableFinished ? response.statusCode : null;
    const line = requestLine({ id, method: request.method, url: request.url, status, ms: Math.round(performance.now() - startedAt) }, logFormat.format);
    process.stdout.write(`${line}\n`);
  });
  withRequestId(id, () => serveRequest(request, response));
}

function serveRequest(request, response) {
  const forwarded = forwardedFor(request, trustProxy);
  request.headers['x-bnp-client-address'] = forwarded.client;
  request.headers['x-forwarded-for'] = forwarded.chain;
  request.headers['x-forwarded-proto'] = forwarded.proto;
  request.headers['x-forwarded-host'] = forwarded.host;
  delete request.headers['x-real-ip'];
  delete request.headers.forwarded;

  if (refusedBeforeNext(request, response)) return;
  // A client that waits for '100 Continue' before sending its body (checkContinue below) gets it only here.
  if (request.headers.expect?.toLowerCase() === '100-continue') response.writeContinue();
  if (site) pass(request, response);
  else sitePrepared.then(() => pass(request, response), () => response.destroy());
}

function pass(request, response) {
  const { handle, staticBrotli } = site;
  if (staticBrotli.serve(request, response)) return;
  if (pageCache.serve(request, response)) return;
  // New services and offers have pages the build did not know, so their routes render unknown values on demand; an
  // address that names none is turned away here instead (lib/content/catalog-pages.ts, missingCatalogPage).
  if ((request.method === 'GET' || request.method === 'HEAD') && door.missingPage?.(pathOf(request.url))) {
    request.url = MISSING_PAGE + queryOf(request.url);
  } else {
    pageCache.capture(request, response);
  }
  // Each wraps the response's write: the page cache keeps the compressed bytes of the rewritten page.
  compress(request, response, () => {});
  stylesheets.wrap(request, response);
  handle(request, keepContentTypeSingle(response)).catch((error) => {
    console.error('[server] request failed', error);
    if (!response.headersSent) refuse(request, response, 500, `Something went wrong on our side. Please try again. (Reference ${request.headers['x-request-id']})`);
    else response.destroy();
  });
}

function pathOf(url = '') {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

function queryOf(url = '') {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

const server = createServer(timeoutOptions(requestTimeout.ms), serve);
const requests = trackRequests(server);
// Longer than a load balancer's usual 60 s idle timeout, so that the balancer closes an idle connection first.
server.keepAliveTimeout = 65_000;
server.on('checkContinue', serve);

// Listen before anything else starts (Next.js, the database, the mail worker): a server that cannot listen ends at
// once, with one line saying why and a non-zero status, so a supervisor sees the failure instead of a live process.
await new Promise((resolve) => {
  const cannotListen = (error) => {
    console.error(listenFailureMessage(error, { port, hostname }));
    process.exit(1);
  };
  server.once('error', cannotListen);
  server.listen(port, hostname, () => {
    server.off('error', cannotListen);
    if (siteUrlWarning) console.warn(siteUrlWarning);
    resolve();
  });
});

let stopping = false;

/**
 * Stops the site: no new connections, the requests in flight answered (up to DRAIN_MS, then cut), the catalogue
 * follower and the mail worker's round in progress ended (a mail it was sending is sent or left claimed, and sent
 * again after the restart: lib/mail/worker.ts), the database closed; then exit 0. Exit 1 when that does not end in time.
 */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const startedAt = Date.now();
  console.log(`[server] ${signal}: stopping; no new connections, up to ${DRAIN_MS / 1000} s for the ${requests.inFlight()} request(s) in flight`);
  const force = setTimeout(() => {
    console.error(`[server] Could not stop within ${(DRAIN_MS + STOP_AFTER_DRAIN_MS) / 1000} s (the mail worker or the database did not end); exiting with status 1.`);
    process.exit(1);
  }, DRAIN_MS + STOP_AFTER_DRAIN_MS);
  force.unref();
  const { left } = await requests.drain(DRAIN_MS);
  if (left > 0) console.error(`[server] ${left} request(s) still running after ${DRAIN_MS / 1000} s were cut off`);
  try {
    // The catalogue's follower (its LISTEN connection and its poll) ends before the database closes under it.
    await door.stopSite?.();
  } catch (error) {
    console.error('[server] stopping the catalogue follower failed', error);
  }
  try {
    // The mail worker's round in progress ends before the database closes under it (lib/mail/worker.ts).
    await sharedSlot('stopMailWorker')?.();
  } catch (error) {
    console.error('[server] stopping the mail worker failed', error);
  }
  try {
    // So does the embedded database's vacuum round (lib/db/upkeep.ts).
    await sharedSlot('stopDatabaseUpkeep')?.();
  } catch (error) {
    console.error('[server] stopping the database upkeep failed', error);
  }
  try {
    // lib/db hands its closer over here, so the database is flushed and its folder released before the exit.
    await sharedSlot('closeDatabase')?.();
  } catch (error) {
    console.error('[server] closing the database failed', error);
  }
  console.log(`[server] stopped in ${Date.now() - startedAt} ms`);
  process.exit(0);
}

// From here a signal stops the site as stop() above says: lib/db, opened while Next.js prepares, leaves its closing to it
// (with its own handler it closed the database at once, under the requests still in flight).
setSharedSlot('serverHandlesSignals', true);
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

sitePrepared = app.prepare().then(() => {
  stylesheets = createStylesheetInliner({ staticDir: path.join(distDir, 'static'), buildId: readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim() });
  site = {
    handle: app.getRequestHandler(),
    staticBrotli: createStaticBrotli({
      staticDir: path.join(distDir, 'static'),
      // The same headers next.config.mjs gives every response.
      headers: (request) => securityHeaders({ shopOrigin: shopOriginFromEnv(), https: request.headers['x-forwarded-proto'] === 'https' }),
    }),
  };
});
await sitePrepared;
console.log(`Salon site ready on http://${hostname ?? 'localhost'}:${port} (TRUST_PROXY=${trustProxy})`);
