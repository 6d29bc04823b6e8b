/** @jest-environment node */
import { closeDb, getDatabase, type Database } from '@/lib/db';
import { setSharedSlot } from '@/lib/server/shared-slots.mjs';
import { siteDoor } from '@/lib/server/site-door.mjs';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { serviceByMoniker } from './catalog';
import { catalogChanged, sameAsSeed, SETTLE_MS, startCatalogFollower, type CatalogFollower } from './live';
import { CATALOG_TAGS } from './publish';
import { catalogSnapshot, resetCatalogSnapshot } from './snapshot';
import { publishPrice } from './test-support/publish-price';

createTempDataDir();

const BRAZILIAN = 'womens-brazilian-wax';
/** The tags server.mjs was told of, in order (lib/server/site-door.mjs). */
let told: string[][] = [];
let follower: CatalogFollower | undefined;

beforeEach(() => {
  told = [];
  siteDoor().pagesChanged = (tags) => told.push([...tags]);
});

afterEach(async () => {
  await follower?.stop();
  follower = undefined;
});

afterAll(async () => {
  siteDoor().pagesChanged = undefined;
  await closeDb();
});

/** Waits until the condition holds (the follower works in the background), or fails after a while. */
async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** This instance as a new process would find it: the seed in memory, nothing followed yet. */
function asNewProcess() {
  resetCatalogSnapshot();
  setSharedSlot('catalogFollow', undefined);
}

const price = () => serviceByMoniker(BRAZILIAN)?.price;

describe('the catalogue follows the database on each instance', () => {
  it('starts from a database that holds the seed without rendering anything again', async () => {
    asNewProcess();
    follower = await startCatalogFollower(await getDatabase(), { pollMs: 3_600_000 });
    expect(sameAsSeed(catalogSnapshot())).toBe(true);
    expect(catalogSnapshot().version).toBe(0);
    expect(told).toEqual([]);
    expect(siteDoor().stopSite).toBe(follower.stop);
  });

  it('hears a change published on the database (LISTEN): reloads the catalogue and renders again what the change names', async () => {
    asNewProcess();
    // No poll within the test: only the notice can bring the change.
    follower = await startCatalogFollower(await getDatabase(), { pollMs: 3_600_000 });
    const version = await publishPrice((await getDatabase()).db, BRAZILIAN, 91);
    await eventually(() => price() === 91);
    expect(catalogSnapshot().version).toBe(version);
    expect(told).toEqual([[CATALOG_TAGS.menu]]);
    // A package of the service is priced from it too.
    expect(serviceByMoniker(BRAZILIAN)?.spkg[0]?.svcPrice).toBe(91);
  });

  it('tells the server once more after the renders begun before the change have ended', async () => {
    asNewProcess();
    follower = await startCatalogFollower(await getDatabase(), { pollMs: 3_600_000 });
    told = [];
    await publishPrice((await getDatabase()).db, BRAZILIAN, 92);
    await eventually(() => told.length === 1);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 200));
    expect(told).toEqual([[CATALOG_TAGS.menu], [CATALOG_TAGS.menu]]);
  });

  it('finds a change it was not told of by asking the database every few seconds', async () => {
    asNewProcess();
    const database = await getDatabase();
    const deaf: Database = { ...database, listen: async () => ({ stop: async () => undefined }) };
    follower = await startCatalogFollower(deaf, { pollMs: 50 });
    told = [];
    await publishPrice(database.db, BRAZILIAN, 93);
    await eventually(() => price() === 93);
    expect(told).toEqual([[CATALOG_TAGS.menu]]);
  });

  it('renders every page again at start when the database holds anything but the seed', async () => {
    asNewProcess();
    follower = await startCatalogFollower(await getDatabase(), { pollMs: 3_600_000 });
    expect(price()).toBe(93);
    expect(sameAsSeed(catalogSnapshot())).toBe(false);
    expect(told).toEqual([Object.values(CATALOG_TAGS)]);
  });

  it('applies a change at once on the instance that made it (catalogChanged), and once only', async () => {
    asNewProcess();
    const database = await getDatabase();
    const deaf: Database = { ...database, listen: async () => ({ stop: async () => undefined }) };
    follower = await startCatalogFollower(deaf, { pollMs: 3_600_000 });
    told = [];
    await publishPrice(database.db, BRAZILIAN, 94);
    const snapshot = await catalogChanged(database.db);
    expect(snapshot.services.find((item) => item.moniker === BRAZILIAN)?.price).toBe(94);
    expect(price()).toBe(94);
    expect(told).toEqual([[CATALOG_TAGS.menu]]);
    // The poll finds nothing more to do, and the same change is not applied twice.
    await follower.poll();
    await catalogChanged(database.db);
    expect(told).toEqual([[CATALOG_TAGS.menu]]);
  });

  it('stops listening and polling when stopped', async () => {
    asNewProcess();
    const database = await getDatabase();
    follower = await startCatalogFollower(database, { pollMs: 50 });
    await follower.stop();
    told = [];
    follower = undefined;
    expect(siteDoor().stopSite).toBeUndefined();
    await publishPrice(database.db, BRAZILIAN, 95);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(price()).toBe(94);
    expect(told).toEqual([]);
  });
});
