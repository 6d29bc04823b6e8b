// A first visit's page carries the site's stylesheet in its HTML, so the first paint waits for one download instead of
// two. Plain ESM so the server needs no build step.
//
// Every page's first frame waits for the stylesheet (one file for the whole site, about 13 KB of gzip): on slow 4G
// that is one more round trip after the HTML before anything shows. On a browser that does not have it yet (no
// `bnp_css` cookie naming this build), the page's `<link rel="stylesheet">` tags in the head become the stylesheet's
// text in a `<style>`, followed by the same link with media="print": it is downloaded at low priority into the
// browser's cache without holding the paint, and once it has arrived it sets the cookie, so the next page is sent
// with the plain link. React adopts that link as the page's stylesheet (it finds it by href), so a client-side
// navigation adds nothing again. Only the HTML changes: the payload a client-side navigation reads keeps the link.
//
// Next.js's own `experimental.inlineCss` puts the stylesheet's text in the payload as well, which tripled a menu's
// HTML (docs/decisions.md). This rewrites the head of a text/html answer as it passes, before compression; the rest
// of the answer streams through as it comes.

import { readFileSync } from 'node:fs';
import path from 'node:path';

export const STYLESHEET_COOKIE = 'bnp_css';
const STATIC_PREFIX = '/_next/static/';
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_next\/static\/[A-Za-z0-9_\-./]+\.css)"([^>]*?)\/?>/g;
const HEAD_END = Buffer.from('</head>');
// Past this the head is not looked at: the answer passes on unchanged.
const MAX_HEAD_BYTES = 256 * 1024;
// A larger stylesheet costs more in every first visit's HTML than its round trip saves.
const MAX_INLINE_BYTES = 128 * 1024;

/**
 * @param {{ staticDir: string, buildId: string, readFile?: (file: string) => string }} options
 */
export function createStylesheetInliner({ staticDir, buildId, readFile = (file) => readFileSync(file, 'utf8') }) {
  const root = path.resolve(staticDir);
  /** @type {Map<string, string | null>} the text of each stylesheet, null when it cannot be inlined */
  const texts = new Map();
  const remembered = `${STYLESHEET_COOKIE}=${buildId}`;
  const onload = `document.cookie='${remembered};path=/;max-age=31536000;samesite=lax'`;

  function textOf(href) {
    if (texts.has(href)) return texts.get(href);
    let text = null;
    const file = path.resolve(root, href.slice(STATIC_PREFIX.length));
    if (file.startsWith(root + path.sep)) {
      try {
        const css = readFile(file);
        // `</style` inside the text would end the element early.
        if (Buffer.byteLength(css) <= MAX_INLINE_BYTES && !/<\/style/i.test(css)) text = css;
      } catch (error) {
        if (error?.code !== 'ENOENT') throw error;
      }
    }
    texts.set(href, text);
    return text;
  }

  /** The head with each of the build's stylesheet links as its text plus a link that only fills the cache. */
  function inlineHead(head) {
    return head.replace(STYLESHEET_LINK, (link, href, rest) => {
      if (/\bmedia=/.test(rest)) return link;
      const text = textOf(href);
      if (text === null) return link;
      return `<style data-inline-href="${href}">${text}</style><link rel="stylesheet" href="${href}"${rest} media="print" onload="${onload}"/>`;
    });
  }

  function variantOf(request) {
    return hasCookie(request.headers.cookie, remembered) ? 'linked' : 'inline';
  }

  return {
    /** 'linked' when the browser said it has this build's stylesheet, else 'inline': the page cache keeps each. */
    variantOf,

    /** Rewrites the head of the HTML answer Next.js writes to this response, for a browser without the stylesheet. */
    wrap(request, response) {
      if (variantOf(request) === 'linked') return;
      const write = response.write;
      const end = response.end;
      const writeHead = response.writeHead;
      /** undefined until the first write: then whether this answer is rewritten */
      let rewriting;
      /** @type {Buffer[]} the answer held until the end of its head */
      let held = [];

      function decide() {
        if (rewriting !== undefined) return rewriting;
        const type = String(response.getHeader('content-type') ?? '');
        const status = response.statusCode;
        rewriting = type.startsWith('text/html') && !response.getHeader('content-encoding') && status !== 204 && status !== 304 && request.method !== 'HEAD';
        if (rewriting) {
          response.removeHeader('content-length');
          // Another body than the browser may hold under the plain tag: a validator of its own.
          const etag = response.getHeader('etag');
          if (typeof etag === 'string' && etag.endsWith('"')) response.setHeader('etag', `${etag.slice(0, -1)}-css"`);
        }
        return rewriting;
      }

      /** What is held, rewritten if its head has ended (or `final`); null while the head goes on. */
      function release(final) {
        const all = Buffer.concat(held);
        const headEnd = all.indexOf(HEAD_END);
        if (headEnd === -1 && !final && all.length <= MAX_HEAD_BYTES) return null;
        held = null;
        if (headEnd === -1) return final ? Buffer.from(inlineHead(all.toString('utf8'))) : all;
        return Buffer.concat([Buffer.from(inlineHead(all.subarray(0, headEnd).toString('utf8'))), all.subarray(headEnd)]);
      }

      function hold(chunk, encoding) {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
        held.push(buffer);
      }

      response.writeHead = function writeHeadAfterRewrite(status, ...rest) {
        // Headers given here (Next.js sends a 304 this way) are set first, so that what decides sees them.
        const headers = typeof rest[rest.length - 1] === 'object' && rest[rest.length - 1] !== null ? rest.pop() : undefined;
        if (headers && !Array.isArray(headers)) {
          for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
        } else if (headers) rest.push(headers);
        this.statusCode = status;
        decide();
        return writeHead.call(this, status, ...rest);
      };

      response.write = function writeRewritten(chunk, encoding, callback) {
        if (!decide() || held === null) return write.call(this, chunk, encoding, callback);
        hold(chunk, encoding);
        const done = typeof encoding === 'function' ? encoding : callback;
        const ready = release(false);
        if (ready === null) {
          if (typeof done === 'function') process.nextTick(done);
          return true;
        }
        return write.call(this, ready, typeof done === 'function' ? done : undefined);
      };

      response.end = function endRewritten(chunk, encoding, callback) {
        if (!decide() || held === null) return end.call(this, chunk, encoding, callback);
        hold(chunk, encoding);
        const done = [chunk, encoding, callback].find((value) => typeof value === 'function');
        return end.call(this, release(true), done);
      };
    },
  };
}

function hasCookie(header, pair) {
  if (typeof header !== 'string') return false;
  return header.split(';').some((part) => part.trim() === pair);
}
