import 'server-only';
import { backend } from '@/lib/backend';
import { getDb } from '@/lib/db';
import { parseMediaPath, PHOTO_CONTENT_TYPE, PHOTO_FORMAT } from './address';
import { photoStore } from './store';

/** An address's bytes never change (its id is the upload's hash): browsers and CDNs keep it for a year unasked. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The files served lately, kept in this process: they never change, so a copy is never stale, and a read of the
 * store (a bytea row through PGlite) cost more than the rest of the answer. Oldest out first past MEMORY_BYTES.
 */
const MEMORY_BYTES = 32 * 1024 * 1024;
const memory = new Map<string, Buffer>();
let memoryBytes = 0;

function remember(key: string, bytes: Buffer): void {
  if (bytes.length > MEMORY_BYTES / 8 || memory.has(key)) return;
  memory.set(key, bytes);
  memoryBytes += bytes.length;
  for (const [oldest, kept] of memory) {
    if (memoryBytes <= MEMORY_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= kept.length;
  }
}

function recall(key: string): Buffer | undefined {
  const bytes = memory.get(key);
  if (bytes) {
    memory.delete(key);
    memory.set(key, bytes);
  }
  return bytes;
}

const notFound = () => new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });

/**
 * GET /media/{photoId}/{width}.webp: one file of an owner's photo, from the photo store, with a year's immutable
 * caching, its type, nosniff and an ETag (a 304 for a matching If-None-Match). 404 for any other address, an
 * unknown photo or a width it has no file for. On a front (SALON_API_URL) the upstream, which owns the store, answers.
 */
export async function mediaResponse(request: Request, params: { id: string; file: string }): Promise<Response> {
  const address = parseMediaPath(params.id, params.file);
  if (!address) return notFound();
  return backend().answer(request, () => storedFile(request, address));
}

async function storedFile(request: Request, address: NonNullable<ReturnType<typeof parseMediaPath>>): Promise<Response> {
  const etag = `"${address.photo.id}-${address.width}"`;
  const headers = { 'cache-control': MEDIA_CACHE_CONTROL, etag, 'x-content-type-options': 'nosniff' };
  // The ETag names the bytes themselves (the upload's hash and the width): a browser that has them has them.
  if (ifNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const key = `${address.photo.id}/${address.width}`;
  let bytes = recall(key);
  if (!bytes) {
    bytes = await photoStore(await getDb()).read(address.photo.id, address.width, PHOTO_FORMAT);
    if (!bytes) return notFound();
    remember(key, bytes);
  }
  return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, 'content-type': PHOTO_CONTENT_TYPE, 'content-length': String(bytes.length) } });
}

/** Whether If-None-Match names this ETag (in a list, weak or strong, as RFC 9110 compares them for GET). */
function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
