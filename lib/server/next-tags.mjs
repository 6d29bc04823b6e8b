// Next.js's table of revalidated cache tags, written from outside a request. Plain ESM so the server needs no build.
//
// revalidateTag() works only inside a request (a Server Function or a Route Handler): it queues the tags on the
// request's store and Next.js writes them to this table once the request ends. An instance that learns of a change
// from the database has no request, and neither has the server at start. Next.js keeps the table in one module of its
// server runtime, shared by every bundle of the process (the `.external` modules are never bundled): its page cache
// (the prerendered files and what it rendered since) and its 'use cache' entries both compare an entry's time with
// the tags' times here. This writes what revalidateTag(tag, { expire: 0 }) writes, so the next view of a page tagged
// with one of them waits for a new render. next-tags.test.ts holds Next.js to it: an upgrade that moves the table
// fails there.
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

/**
 * Next.js's own clock for the table: it compares a tag's time with performance.timeOrigin + performance.now(), which in
 * a process that has run for minutes can trail Date.now() by more than a few milliseconds (a tag expired 'now' by
 * Date.now() was then not yet expired: lib/server/next-tags.test.ts failed so in one CI run).
 */
export const nextClockNow = () => performance.timeOrigin + performance.now();

/**
 * Expires the tags now: every cache entry made before this moment that carries one of them is rendered again at its
 * next read. Next.js stamps an entry with Date.now() but compares the expiry with its own clock (nextClockNow), and the
 * two drift apart: expired by the earlier of the two (already passed on Next.js's clock, before every older entry's
 * stamp when the wall clock is behind), stale by the later (an entry stamped in between, when the wall clock is ahead,
 * is served once more and rendered again behind it, not kept as fresh until the next change).
 * @param {readonly string[]} tags
 * @param {{ wall: number, next: number }} [clocks]
 */
export function expireNextTags(tags, clocks = { wall: Date.now(), next: nextClockNow() }) {
  const expired = Math.min(clocks.wall, clocks.next);
  const stale = Math.max(clocks.wall, clocks.next);
  for (const tag of tags) tagsManifest.set(tag, { ...tagsManifest.get(tag), stale, expired });
}
