#!/usr/bin/env node
// The site's HTTP server (`npm start`): Next.js in this one process, so a signal to it stops the site.
// Before Next.js sees a request it
// - takes the client's address from the socket, or from X-Forwarded-For only as far as TRUST_PROXY hops are trusted,
//   and hands it on in x-bnp-client-address (a copy sent by the client is dropped);
// - drops X-Forwarded-Host and -Proto from untrusted peers and sets them itself, so https is known for HSTS;
// - answers 400 for addresses that cannot be decoded (a bare '%', a NUL), which Next.js turns into a 500;
// - keeps a response's Content-Type a plain string, so that Next.js's gzip compresses prerendered route handlers too;
// - answers a prerendered page from memory after its first view (lib/server/page-cache.mjs), as a CDN would;
// - answers Next.js's build files with a brotli copy made once (lib/server/static-brotli.mjs), as a CDN would.
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { DataDirLockedError, lockDataDir } from './lib/db/data-dir-lock.mjs';
import { firstRequestProblem, forwardedFor } from './lib/server/request-guard.mjs';
import { createPageCache } from './lib/server/page-cache.mjs';
import { createStaticBrotli } from './lib/server/static-brotli.mjs';
import { keepContentTypeSingle } from './lib/server/response-headers.mjs';
import { securityHeaders, shopOriginFromEnv } from './lib/security/headers.mjs';

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || undefined;
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);

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
const app = next({ dev: false, hostname: 'localhost', port });
const handle = app.getRequestHandler();

function refuse(request, response, status, message) {
  const production = process.env.NODE_ENV === 'production';
  const https = request.headers['x-forwarded-proto'] === 'https';
  for (const { key, value } of securityHeaders({ production, https })) response.setHeader(key, value);
  response.statusCode = status;
  response.setHeader('content-type', 'text/plain; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.setHeader('connection', 'close');
  response.end(message);
  // The body of a refused request is not read; drop it without blocking the socket.
  request.resume();
}

await app.prepare();
const pageCache = createPageCache();
const staticBrotli = createStaticBrotli({
  staticDir: path.resolve(process.env.NEXT_DIST_DIR ?? '.next', 'static'),
  // The same headers next.config.mjs gives every response.
  headers: (request) => securityHeaders({ shopOrigin: shopOriginFromEnv(), https: request.headers['x-forwarded-proto'] === 'https' }),
});

const server = createServer((request, response) => {
  const forwarded = forwardedFor(request, trustProxy);
  request.headers['x-bnp-client-address'] = forwarded.client;
  request.headers['x-forwarded-for'] = forwarded.chain;
  request.headers['x-forwarded-proto'] = forwarded.proto;
  request.headers['x-forwarded-host'] = forwarded.host;
  delete request.headers['x-real-ip'];
  delete request.headers.forwarded;

  const problem = firstRequestProblem(request);
  if (problem) {
    refuse(request, response, problem.status, problem.message);
    return;
  }
  if (staticBrotli.serve(request, response)) return;
  if (pageCache.serve(request, response)) return;
  pageCache.capture(request, response);
  handle(request, keepContentTypeSingle(response)).catch((error) => {
    console.error('[server] request failed', error);
    if (!response.headersSent) refuse(request, response, 500, 'Something went wrong on our side. Please try again.');
    else response.destroy();
  });
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 30_000;

server.listen(port, hostname, () => {
  console.log(`Salon site ready on http://${hostname ?? 'localhost'}:${port} (TRUST_PROXY=${trustProxy})`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: stopping`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  try {
    // The mail worker's round in progress ends before the database closes under it (lib/mail/worker.ts).
    await globalThis.__salonStopMailWorker?.();
  } catch (error) {
    console.error('[server] stopping the mail worker failed', error);
  }
  try {
    // lib/db hands its closer over here, so the database is flushed and its folder released before the exit.
    await globalThis.__salonCloseDatabase?.();
  } catch (error) {
    console.error('[server] closing the database failed', error);
  }
  process.exit(0);
}
globalThis.__salonServerHandlesSignals = true;
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
