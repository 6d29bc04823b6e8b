// A shared cache in front of Next.js for the answers it marks as such, as a CDN or nginx's proxy_cache would keep
// them. Plain ESM so the server needs no build step.
//
// Every catalogue and content page is one prerendered file for every visitor (Cache-Control: s-maxage, never
// private). Next.js still sends each copy through its whole router, which costs about as much CPU as rendering a small
// page: on this 2-core machine a prerendered page answered a sixth of the requests a static file did. Kept here after
// the first answer, a page view costs a lookup and a write.
//
// What is kept: a 200 to a GET without a query string and without Next.js's router headers (RSC payloads, prefetches
// and server actions go through), whose Cache-Control has s-maxage and neither private nor no-store, which sets no
// cookie and is not a stale copy (x-nextjs-cache: STALE). It lives for its s-maxage, keyed by path, scheme (the HSTS
// header differs), Accept-Encoding (the body is stored encoded) and the variant the server makes of it for this
// request (`variantOf`: the stylesheet inline or linked, lib/server/inline-stylesheet.mjs). A personal page is never
// kept: Next.js marks those private, no-store.
//
// A published catalogue change empties it (clear(), through lib/server/site-door.mjs): it holds copies of Next.js's
// answers, so a page whose tags did not change is copied again from Next.js's own cache at its next view, without a
// render. An answer that was on its way while the cache was emptied is not kept: it may show the catalogue before.

const ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
  'x-middleware-subrequest',
];
// x-request-id and server-timing name each answer's own request (server.mjs): a kept page must not carry the first one's.
const NOT_STORED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id', 'server-timing']);
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * @param {{ maxEntries?: number, maxBytes?: number, now?: () => number, variantOf?: (request: import('node:http').IncomingMessage) => string }} [options]
 */
export function createPageCache({ maxEntries = 1000, maxBytes = 96 * 1024 * 1024, now = Date.now, variantOf = () => '' } = {}) {
  /** @type {Map<string, { status: number, headers: Record<string, string | string[]>, body: Buffer, etag: string | undefined, expires: number }>} */
  const entries = new Map();
  let bytes = 0;
  /** Counts clear() calls: an answer begun before the last one is not stored. */
  let generation = 0;

  function remove(key) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  }

  function store(key, entry) {
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    // Oldest first: a Map iterates in insertion order, and a hit re-inserts its entry.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    get size() {
      return entries.size;
    },

    /** Forgets every page (a published change); answers already on their way are not kept either. */
    clear() {
      entries.clear();
      bytes = 0;
      generation++;
    },

    /** Answers from the cache and returns true, or returns false for Next.js to answer. */
    serve(request, response) {
      const key = cacheKey(request, { forStore: false, variant: variantOf(request) });
      if (key === null) return false;
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.expires <= now()) {
        remove(key);
        return false;
      }
      entries.delete(key);
      entries.set(key, entry);
      for (const [name, value] of Object.entries(entry.headers)) response.setHeader(name, value);
      if (entry.etag !== undefined && request.headers['if-none-match'] === entry.etag) {
        response.removeHeader('content-encoding');
        response.removeHeader('content-type');
        response.statusCode = 304;
        response.end();
        return true;
      }
      response.statusCode = entry.status;
      response.setHeader('content-length', entry.body.length);
      response.end(request.method === 'HEAD' ? undefined : entry.body);
      return true;
    },

    /** Watches Next.js's answer to a request the cache could keep, and keeps it if Next.js marked it shareable. */
    capture(request, response) {
      const key = cacheKey(request, { forStore: true, variant: variantOf(request) });
      if (key === null) return;
      const begun = generation;
      const chunks = [];
      let size = 0;
      let tooLarge = false;
      const collect = (chunk, encoding) => {
        if (tooLarge || chunk === undefined || chunk === null || typeof chunk === 'function') return;
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
        size += buffer.length;
        if (size > MAX_BODY_BYTES) tooLarge = true;
        else chunks.push(Buffer.from(buffer));
      };
      const write = response.write;
      const end = response.end;
      response.write = function writeAndKeep(chunk, encoding, callback) {
        collect(chunk, encoding);
        return write.call(this, chunk, encoding, callback);
      };
      response.end = function endAndKeep(chunk, encoding, callback) {
        collect(chunk, encoding);
        return end.call(this, chunk, encoding, callback);
      };
      response.once('finish', () => {
        if (tooLarge || response.statusCode !== 200 || generation !== begun) return;
        const seconds = sharedMaxAge(response.getHeader('cache-control'));
        // A stale copy Next.js answered while it renders the page again behind it: the next view asks Next.js again.
        if (seconds === undefined || response.hasHeader('set-cookie') || String(response.getHeader('x-nextjs-cache')).toUpperCase() === 'STALE') return;
        const headers = {};
        for (const [name, value] of Object.entries(response.getHeaders())) {
          if (!NOT_STORED.has(name) && value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
        }
        const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
        store(key, { status: 200, headers, body: Buffer.concat(chunks), etag, expires: now() + seconds * 1000 });
      });
    },
  };
}

/** The cache key of a request, or null when the cache must not answer it (HEAD is answered, never stored). */
export function cacheKey(request, { forStore, variant = '' }) {
  if (request.method !== 'GET' && (forStore || request.method !== 'HEAD')) return null;
  const url = request.url ?? '';
  if (url.includes('?') || !url.startsWith('/')) return null;
  if (ROUTER_HEADERS.some((name) => request.headers[name] !== undefined)) return null;
  const proto = request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const encoding = String(request.headers['accept-encoding'] ?? '').slice(0, 100);
  return `${proto} ${variant} ${encoding} ${url}`;
}

/** Seconds a shared cache may keep an answer with this Cache-Control, or undefined when it may not. */
export function sharedMaxAge(cacheControl) {
  if (typeof cacheControl !== 'string') return undefined;
  const directives = cacheControl.toLowerCase();
  if (/\b(?:private|no-store|no-cache)\b/.test(directives)) return undefined;
  const match = /\bs-maxage=(\d+)/.exec(directives);
  if (!match) return undefined;
  const seconds = Number(match[1]);
  return seconds > 0 ? seconds : undefined;
}
