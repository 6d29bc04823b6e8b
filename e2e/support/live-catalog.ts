/**
 * Whether a published change reaches the prerendered pages: issue 33's 'live' part makes catalogChanged revalidate
 * the pages' cache tags and flush server.mjs's page cache. On a branch without it the home page stays the file the
 * build rendered, so the journeys that need it are marked to fail there (test.fail), which also proves that the page
 * does not follow by itself. Set true where the live part is merged: they then pass as written.
 */
export const PAGES_FOLLOW_PUBLISH = false;

export const NEEDS_LIVE_PART = "needs issue 33's live part: catalogChanged revalidating the promotions tag and flushing the page cache";
