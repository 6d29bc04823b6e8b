import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { openDatabase, type Database } from '@/lib/db/client';
import { activityLog, catalogChanges, catalogServices, therapistServices, therapists } from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { pgAdmin } from '@/lib/test-support/pg-admin';

/**
 * A save from a stale copy (lib/api/stale-copy.ts) on two instances of the site on one PostgreSQL server
 * (`npm run test:pg` inside scripts/with-postgres.sh). Each instance is a copy of the API's routes of its own whose
 * database is a connection pool of its own, as two servers given one DATABASE_URL; the owner's session, like the rows,
 * is in the database both read. stale-copies.test.ts is the same rule on one embedded database; here the copy is read
 * on one server, the other server saves, and the two may save at once. Without DATABASE_URL this file fails rather
 * than skips.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('stale-copies.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);

// A database of this file's own: the other PostgreSQL test files change the menu and the team of theirs.
const databaseName = `stale_copies_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'stale-copies-pg-'));

const BRAZILIAN = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const THERAPIST = 1;

interface Instance {
  database: Database;
  readService(id: string): Promise<Answer>;
  patchService(id: string, body: unknown): Promise<Answer>;
  readTherapist(id: number): Promise<{ id: number; name: string; bio: string; updatedAt: string }>;
  patchTherapist(id: number, body: unknown): Promise<Answer>;
}

let instances: Instance[] = [];
let cookie: string;

async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: await r.json() };
}
type Answer = Awaited<ReturnType<typeof answer>>;

/** An instance: its own pool on the server, and its own copy of the routes and of everything they import. */
async function startInstance(url: string): Promise<Instance> {
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: dataDir });
  let routes!: {
    service: typeof import('./catalog/services/[id]/route');
    therapist: typeof import('./therapists/[id]/route');
    therapists: typeof import('./therapists/route');
  };
  await jest.isolateModulesAsync(async () => {
    // What DATABASE_URL is to a server: the database this copy's modules open is this instance's pool. (lib/db keeps
    // the process's database on globalThis, which both copies would otherwise share.)
    jest.doMock('@/lib/db', () => ({ ...jest.requireActual('@/lib/db'), getDatabase: async () => database, getDb: async () => database.db }));
    routes = { service: await import('./catalog/services/[id]/route'), therapist: await import('./therapists/[id]/route'), therapists: await import('./therapists/route') };
  });
  const servicePath = (id: string) => `/api/desk/catalog/services/${id}/`;
  return {
    database,
    readService: (id) => answer(callRoute(routes.service.GET, { id }, { path: servicePath(id), headers: { cookie } })),
    patchService: (id, body) => answer(callRoute(routes.service.PATCH, { id }, { path: servicePath(id), ...jsonInit('PATCH', body, cookie) })),
    readTherapist: async (id) => {
      const list = await answer(callRoute(routes.therapists.GET, {}, { path: '/api/desk/therapists/', headers: { cookie } }));
      return (list.body.therapists as { id: number; name: string; bio: string; updatedAt: string }[]).find((t) => t.id === id)!;
    },
    patchTherapist: (id, body) => answer(callRoute(routes.therapist.PATCH, { id: String(id) }, { path: `/api/desk/therapists/${id}/`, ...jsonInit('PATCH', body, cookie) })),
  };
}

beforeAll(async () => {
  await pgAdmin((client) => client.query(`create database ${databaseName}`));
  const address = new URL(process.env.DATABASE_URL!);
  address.pathname = `/${databaseName}`;
  instances = [await startInstance(address.toString()), await startInstance(address.toString())];
  await seedDatabase(instances[0]!.database.db);
  cookie = (await signedIn(instances[0]!.database.db, 'owner')).cookie;
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.database.close()));
  await pgAdmin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything a refused save must leave as it was. */
async function written() {
  const db = instances[0]!.database.db;
  const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(activityLog);
  const [changes] = await db.select({ n: sql<number>`count(*)::int` }).from(catalogChanges);
  return {
    entries: entries!.n,
    changes: changes!.n,
    service: (await db.select().from(catalogServices).where(eq(catalogServices.id, BRAZILIAN.id)))[0],
    therapist: (await db.select().from(therapists).where(eq(therapists.id, THERAPIST)))[0],
    work: await db.select().from(therapistServices).where(eq(therapistServices.therapistId, THERAPIST)),
  };
}

const refusal = (name: string) => ({
  status: 409,
  body: { error: { code: 'changed_meanwhile', message: `${name} was changed since you opened it, so nothing was saved: open it again to see that change, then make yours again.` } },
});

describe('the stale-copy check on two instances and one PostgreSQL server', () => {
  it('runs on a real server, each instance with a pool of its own', () => {
    expect(instances.map((instance) => instance.database.kind)).toEqual(['postgres', 'postgres']);
    expect(instances[0]!.database.db).not.toBe(instances[1]!.database.db);
  });

  it("refuses a service's save on the second instance from the copy it read before the first saved, writing nothing; a fresh copy saves", async () => {
    const [first, second] = instances as [Instance, Instance];
    const onSecond = (await second.readService(BRAZILIAN.id)).body.service;
    const onFirst = (await first.readService(BRAZILIAN.id)).body.service;
    expect(onSecond.updatedAt).toBe(onFirst.updatedAt);
    expect(await first.patchService(BRAZILIAN.id, { price: 120, desc: onFirst.desc, updatedAt: onFirst.updatedAt })).toMatchObject({
      status: 200,
      body: { changed: true, service: { price: 120 } },
    });

    const before = await written();
    expect(await second.patchService(BRAZILIAN.id, { price: onSecond.price, desc: 'Changed on the second instance.', updatedAt: onSecond.updatedAt })).toEqual(
      refusal(BRAZILIAN.name),
    );
    expect(await written()).toEqual(before);
    expect(before.service).toMatchObject({ price: 120 });

    const fresh = (await second.readService(BRAZILIAN.id)).body.service;
    expect(fresh).toMatchObject({ price: 120 });
    expect(await second.patchService(BRAZILIAN.id, { desc: 'Changed on the second instance.', updatedAt: fresh.updatedAt })).toMatchObject({
      status: 200,
      body: { changed: true, service: { price: 120, desc: 'Changed on the second instance.' } },
    });
  });

  it("refuses a therapist's save on the second instance from the copy it read before the first saved, writing nothing; a fresh copy saves", async () => {
    const [first, second] = instances as [Instance, Instance];
    const onSecond = await second.readTherapist(THERAPIST);
    const onFirst = await first.readTherapist(THERAPIST);
    expect(await first.patchTherapist(THERAPIST, { bio: 'Waxing since 2009.', updatedAt: onFirst.updatedAt })).toMatchObject({
      status: 200,
      body: { therapist: { bio: 'Waxing since 2009.' } },
    });

    const before = await written();
    expect(await second.patchTherapist(THERAPIST, { bio: 'Changed on the second instance.', work: [{ location: 'soho', serviceIds: [BRAZILIAN.id] }], updatedAt: onSecond.updatedAt })).toEqual(
      refusal(onSecond.name),
    );
    expect(await written()).toEqual(before);
    expect(before.therapist).toMatchObject({ bio: 'Waxing since 2009.' });

    const fresh = await second.readTherapist(THERAPIST);
    expect(await second.patchTherapist(THERAPIST, { bio: 'Brows and waxing.', updatedAt: fresh.updatedAt })).toMatchObject({
      status: 200,
      body: { therapist: { bio: 'Brows and waxing.' } },
    });
  });

  it('lets one of two saves made at once from one copy on the two instances through, and refuses the other (the row lock orders them)', async () => {
    const [first, second] = instances as [Instance, Instance];
    const copy = (await first.readService(BRAZILIAN.id)).body.service;
    const entriesBefore = (await written()).entries;
    const answers = await Promise.all([
      first.patchService(BRAZILIAN.id, { desc: 'Saved on the first instance.', updatedAt: copy.updatedAt }),
      second.patchService(BRAZILIAN.id, { desc: 'Saved on the second instance.', updatedAt: copy.updatedAt }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const saved = answers.find((a) => a.status === 200)!.body.service;
    expect(answers.find((a) => a.status === 409)).toEqual(refusal(BRAZILIAN.name));
    const after = await written();
    expect(after.service!.data).toMatchObject({ desc: saved.desc });
    expect(after.entries).toBe(entriesBefore + 1);
  });
});
