// Next.js's build files (/_next/static/...: scripts and stylesheets named by their content, so they never change)
// compressed once with brotli at its highest quality and kept in memory, as a CDN serves them. Next.js itself gzips
// each of them again on every request; brotli makes the scripts of a first visit about 13% smaller than that gzip.
// Plain ESM so the server needs no build step.
//
// The build writes each copy beside its file (`file.js.br`, precompressStatic, run by `npm run build`), so a server's
// start reads them instead of compressing them again: brotli's highest quality costs about 2 s of CPU for one
// server's files, paid by every process that started. Without a copy on disk (a bare `next build`) it is made here.
//
// The first request for a file is answered by Next.js while the brotli copy is read or made in the background (zlib's
// thread pool, not the event loop); later requests that accept br get the copy. Anything else (a query string, another
// method, a path outside the static folder, a missing file) is left to Next.js.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants } from 'node:zlib';
import { promisify } from 'node:util';

const compress = promisify(brotliCompress);
const PREFIX = '/_next/static/';
const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };
const SAFE_PATH = /^[A-Za-z0-9_\-./]+$/;
const COPY_SUFFIX = '.br';

function brotliCopyOf(source) {
  return compress(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
}

/** Writes `file.br` beside every script and stylesheet under the build's static folder; returns how many. */
export async function precompressStatic(staticDir) {
  const files = (await readdir(staticDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && TYPES[path.extname(entry.name)])
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files) await writeFile(file + COPY_SUFFIX, await brotliCopyOf(await readFile(file)));
  return files.length;
}

/** The build's copy of a file, or null when the build wrote none. */
async function copyOnDisk(file) {
  try {
    return await readFile(file + COPY_SUFFIX);
  } catch (error) {
    if (error?.code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether an Accept-Encoding header accepts br (a q-value of 0 refuses it). */
export function acceptsBrotli(acceptEncoding) {
  if (typeof acceptEncoding !== 'string') return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'br') return false;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * @param {{ staticDir: string, headers: (request: import('node:http').IncomingMessage) => Array<{ key: string, value: string }>, maxBytes?: number }} options
 *   `staticDir`: the build's static folder (`.next/static`); `headers`: the security headers every answer carries.
 */
export function createStaticBrotli({ staticDir, headers, maxBytes = 32 * 1024 * 1024 }) {
  const root = path.resolve(staticDir);
  /** @type {Map<string, { body: Buffer, type: string }>} */
  const entries = new Map();
  const started = new Set();
  /** @type {Set<Promise<void>>} */
  const pending = new Set();
  let bytes = 0;

  /** The file a request names inside the static folder, or null when it names none that may be served. */
  function fileOf(url) {
    if (!url.startsWith(PREFIX) || !SAFE_PATH.test(url) || url.includes('..')) return null;
    const type = TYPES[path.extname(url)];
    if (!type) return null;
    const file = path.join(root, url.slice(PREFIX.length));
    return file.startsWith(root + path.sep) ? { file, type } : null;
  }

  async function prepare(url, file, type) {
    try {
      const body = (await copyOnDisk(file)) ?? (await brotliCopyOf(await readFile(file)));
      if (bytes + body.length > maxBytes) return;
      entries.set(url, { body, type });
      bytes += body.length;
    } catch (error) {
      // A missing file is Next.js's 404 to give; anything else is worth a line, and Next.js still serves the file.
      if (error?.code !== 'ENOENT') console.error(`[static-brotli] could not compress ${url}`, error);
    }
  }

  return {
    get size() {
      return entries.size;
    },

    /** Answers with the brotli copy and returns true, or returns false for Next.js to answer. */
    serve(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const url = request.url ?? '';
      const entry = entries.get(url);
      if (!entry) {
        const target = fileOf(url);
        if (target && !started.has(url) && started.size < 10_000) {
          started.add(url);
          const made = prepare(url, target.file, target.type).finally(() => pending.delete(made));
          pending.add(made);
        }
        return false;
      }
      if (!acceptsBrotli(request.headers['accept-encoding'])) return false;
      for (const { key, value } of headers(request)) response.setHeader(key, value);
      response.statusCode = 200;
      response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      response.setHeader('content-type', entry.type);
      response.setHeader('content-encoding', 'br');
      response.setHeader('vary', 'Accept-Encoding');
      response.setHeader('content-length', entry.body.length);
      response.end(request.method === 'HEAD' ? undefined : entry.body);
      return true;
    },

    /** Resolves when every copy started so far is made or given up (for tests and the benchmark). */
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
