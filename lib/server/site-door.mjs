// The one door between server.mjs and the site's code inside Next.js's bundles (instrumentation.ts, pages, route
// handlers). Each bundle has its own copy of every module, so what the two sides share is one object in a shared slot
// (shared-slots.mjs), with a member for each thing one side can do for the other. Plain ESM so the server needs no build.
//
// server.mjs opens it with what only the server can do: forget every copy of the pages that show some cache tags (in
// Next.js's tag table and in its own page cache). The site opens it at start with what only the site knows: whether an
// address names a catalogue page that does not exist, and how to stop what it started before the database closes.

import { sharedSlotOr } from './shared-slots.mjs';

/** @returns {import('./site-door.d.mts').SiteDoor} */
export function siteDoor() {
  return sharedSlotOr('siteDoor', () => ({}));
}
