import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { count, gt, max } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db';
import { catalogChanges } from '@/lib/db/schema';
import { repeatRound } from '@/lib/server/repeating-round';
import { sharedSlotOr } from '@/lib/server/shared-slots.mjs';
import { siteDoor } from '@/lib/server/site-door.mjs';
import { CATALOG_CHANNEL, CATALOG_TAGS } from './publish';
import { catalogSnapshot, seedSnapshot, setCatalogSnapshot, type CatalogSnapshot } from './snapshot';
import { loadCatalogSnapshot } from './snapshot-load';

/**
 * How the catalogue every page and rule reads (lib/catalog/snapshot.ts) follows the database on each instance.
 *
 * A published change is a row of catalog_changes, NOTIFYed on commit (lib/catalog/publish.ts). Every instance hears
 * it (LISTEN, on a connection of its own) and, as a fallback for a notice lost with that connection, asks the database
 * every few seconds whether a row it has not seen is there. On a new row it reloads the snapshot, then tells the
 * server which cache tags the row names (lib/server/site-door.mjs): Next.js renders the pages that show them again at
 * their next view, and server.mjs's page cache forgets its copies. The instance that made the change does the same at
 * once (catalogChanged), so its owner sees the change on the next page.
 */

/** How often each instance checks for a change it was not told of. */
export const CATALOG_POLL_MS = 3_000;
/**
 * A page render that began before the snapshot changed can be stored after the tags expired, and would then pass for
 * new: the tags expire once more after this long (a render takes well under a second).
 */
export const SETTLE_MS = 2_000;
/**
 * A change's id is taken when it is written and becomes visible when its transaction commits, so a smaller id can
 * appear after a larger one: ids this far below the newest are still watched.
 */
const LATE_WINDOW = 100;

const EVERY_TAG = Object.values(CATALOG_TAGS);

interface SyncJob {
  /** Reload even when no new change is found (catalogChanged: the caller just wrote rows). */
  reload: boolean;
  promise: Promise<CatalogSnapshot>;
}

export interface FollowState {
  /** Ids above `floor` applied here: every row above it that is not here is new. */
  seen: Set<number>;
  floor: number;
  /** One sync at a time, in order; a sync not begun yet is joined by the next caller. */
  tail: Promise<unknown>;
  queued?: SyncJob;
  settling: Set<NodeJS.Timeout>;
  follower?: CatalogFollower;
}

// In a shared slot: the follower runs in instrumentation.ts's bundle, catalogChanged in the route handlers' bundles.
function followState(): FollowState {
  return sharedSlotOr('catalogFollow', () => ({ seen: new Set(), floor: 0, tail: Promise.resolve(), settling: new Set() }));
}

/**
 * Tells the server that the pages showing these tags changed, now and once more when renders begun before have ended
 * (not at start: the server serves nothing before the site has started).
 */
function pagesChanged(tags: readonly string[], { settle = true } = {}): void {
  const door = siteDoor();
  if (!door.pagesChanged || tags.length === 0) return;
  door.pagesChanged(tags);
  if (!settle) return;
  const state = followState();
  const again = setTimeout(() => {
    state.settling.delete(again);
    siteDoor().pagesChanged?.(tags);
  }, SETTLE_MS);
  again.unref();
  state.settling.add(again);
}

/** Applies the changes this instance has not seen yet: reloads the snapshot and expires their tags. */
async function syncOnce(db: Db, reload: boolean): Promise<CatalogSnapshot> {
  const state = followState();
  const rows = await db.select({ id: catalogChanges.id, tags: catalogChanges.tags }).from(catalogChanges).where(gt(catalogChanges.id, state.floor));
  const fresh = rows.filter((row) => !state.seen.has(row.id));
  if (fresh.length === 0 && !reload) return catalogSnapshot();
  // Loaded after the rows were read, so it holds at least their changes.
  const snapshot = await loadCatalogSnapshot(db);
  setCatalogSnapshot(snapshot);
  const newest = Math.max(state.floor, ...rows.map((row) => row.id));
  state.floor = Math.max(state.floor, newest - LATE_WINDOW);
  state.seen = new Set(rows.map((row) => row.id).filter((id) => id > state.floor));
  pagesChanged([...new Set(fresh.flatMap((row) => row.tags))]);
  return snapshot;
}

function syncCatalog(db: Db, reload: boolean): Promise<CatalogSnapshot> {
  const state = followState();
  if (state.queued) {
    state.queued.reload ||= reload;
    return state.queued.promise;
  }
  const job: SyncJob = { reload, promise: Promise.resolve(catalogSnapshot()) };
  job.promise = state.tail.then(() => {
    state.queued = undefined;
    return syncOnce(db, job.reload);
  });
  state.queued = job;
  state.tail = job.promise.catch(() => undefined);
  return job.promise;
}

/**
 * Reloads this instance's catalogue from the database and renders again the pages the published changes touch. Call
 * it after the transaction that published a change (publishCatalogChange) commits, so the owner's next page shows it
 * at once; every other instance learns of the change from the database itself (startCatalogFollower).
 */
export async function catalogChanged(db: Db): Promise<CatalogSnapshot> {
  return syncCatalog(db, true);
}

/** Whether a snapshot holds the seed's catalogue (lib/catalog/data), which is what `npm run build` rendered. */
export function sameAsSeed(snapshot: CatalogSnapshot): boolean {
  return isDeepStrictEqual({ ...snapshot, version: 0 }, seedSnapshot());
}

export interface CatalogFollower {
  /** Checks the database for a change not yet applied (what the poll does every pollMs). */
  poll(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Loads the database's catalogue and follows it from then on (instrumentation.ts, in every server instance). The
 * build rendered every page from the seed: if the database holds anything else, all of them are rendered again at
 * their next view.
 */
export async function startCatalogFollower(database: Database, { pollMs = CATALOG_POLL_MS } = {}): Promise<CatalogFollower> {
  const state = followState();
  if (state.follower) return state.follower;
  const { db } = database;
  const heard = () => {
    syncCatalog(db, false).catch((error: unknown) => console.error('[catalog] could not apply a published change', error));
  };
  // LISTEN before the first load: a change committed meanwhile is heard and applied after it.
  const listening = await database.listen(CATALOG_CHANNEL, {
    onNotify: heard,
    onReconnect: heard,
    onError: (error) => console.warn('[catalog] the connection that listens for published changes failed; it is opened again, and the poll goes on', error),
  });
  const start = state.tail.then(async () => {
    const [newest] = await db.select({ id: max(catalogChanges.id) }).from(catalogChanges);
    state.floor = Math.max(0, Number(newest?.id ?? 0) - LATE_WINDOW);
    const rows = await db.select({ id: catalogChanges.id }).from(catalogChanges).where(gt(catalogChanges.id, state.floor));
    state.seen = new Set(rows.map((row) => row.id));
    const snapshot = await loadCatalogSnapshot(db);
    setCatalogSnapshot(snapshot);
    if (snapshot.version > 0 || !sameAsSeed(snapshot)) pagesChanged(EVERY_TAG, { settle: false });
  });
  state.tail = start.catch(() => undefined);
  try {
    await start;
  } catch (error) {
    await listening.stop();
    throw error;
  }

  const poll = async () => {
    const [row] = await db.select({ rows: count() }).from(catalogChanges).where(gt(catalogChanges.id, state.floor));
    if (Number(row?.rows ?? 0) !== state.seen.size) await syncCatalog(db, false);
  };
  const polls = repeatRound(poll, pollMs, (error) => console.error('[catalog] could not check for published changes', error));

  const follower: CatalogFollower = {
    poll,
    async stop() {
      for (const again of state.settling) clearTimeout(again);
      state.settling.clear();
      await Promise.all([polls.stop(), listening.stop()]);
      await state.tail;
      if (state.follower === follower) state.follower = undefined;
      if (siteDoor().stopSite === follower.stop) siteDoor().stopSite = undefined;
    },
  };
  state.follower = follower;
  siteDoor().stopSite = follower.stop;
  return follower;
}
