import 'server-only';
import { forwardToUpstream } from '@/lib/api/proxy';
import { getDb } from '@/lib/db';
import { proxyEnabled } from '@/lib/env';
import { parseMediaPath, PHOTO_CONTENT_TYPE, PHOTO_FORMAT } from './address';
import { photoStore } from './store';

/** An address's bytes never change (its id is the upload's hash): browsers and CDNs keep it for a year unasked. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const notFound = () => new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });

/**
 * GET /media/{photoId}/{width}.webp: one file of an owner's photo, from the photo store, with a year's immutable
 * caching, its type, nosniff and an ETag (a 304 for a matching If-None-Match). 404 for any other address, an
 * unknown photo or a width it has no file for. On a front (SALON_API_URL) the upstream, which owns the store, answers.
 */
export async function mediaResponse(request: Request, params: { id: string; file: string }): Promise<Response> {
  const address = parseMediaPath(params.id, params.file);
  if (!address) return notFound();
  if (proxyEnabled()) return forwardToUpstream(request);
  const etag = `"${address.photo.id}-${address.width}"`;
  const headers = { 'cache-control': MEDIA_CACHE_CONTROL, etag, 'x-content-type-options': 'nosniff' };
  const db = await getDb();
  const bytes = await photoStore(db).read(address.photo.id, address.width, PHOTO_FORMAT);
  if (!bytes) return notFound();
  if (ifNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, 'content-type': PHOTO_CONTENT_TYPE, 'content-length': String(bytes.length) } });
}

/** Whether If-None-Match names this ETag (a list, weak forms and '*' too, as RFC 9110 compares them for GET). */
function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
