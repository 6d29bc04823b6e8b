import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isNotNull, sql } from 'drizzle-orm';
import { SEED_DEPOSITS } from '@/lib/catalog/data';
import { seedSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { catalogServices } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';

jest.setTimeout(120_000);
createTempDataDir('seed-deposits-');
afterAll(closeDb);

const rulesBySku = async () => {
  const db = await getDb();
  const rows = await db.select({ sku: catalogServices.sku, deposit: catalogServices.deposit }).from(catalogServices).where(isNotNull(catalogServices.deposit));
  return Object.fromEntries(rows.map((row) => [row.sku, row.deposit]));
};

describe("the seed's deposits", () => {
  it('are asked for microblading, lamination and tattoo removal only, by an empty database', async () => {
    const names = seedSnapshot()
      .services.filter((item) => seedSnapshot().deposits.has(item.id))
      .map((item) => item.name);
    expect(names.every((name) => /microblading|lamination|tattoo/i.test(name))).toBe(true);
    expect(names).toEqual(expect.arrayContaining(['Microblading', 'Brow Lamination', 'Lash Lamination', 'Medium Tattoo (M)']));
    expect(names).not.toContain('Free Consultation');
    expect(await rulesBySku()).toEqual(SEED_DEPOSITS);
  });

  it("are what drizzle/0220's data step gives a database seeded before it", async () => {
    const db = await getDb();
    await db.update(catalogServices).set({ deposit: null });
    const migration = readFileSync(path.join(process.cwd(), 'drizzle/0220_deposits.sql'), 'utf8');
    const updates = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('UPDATE "catalog_services"'));
    expect(updates.length).toBeGreaterThan(0);
    for (const statement of updates) await db.execute(sql.raw(statement));
    expect(await rulesBySku()).toEqual(SEED_DEPOSITS);
  });

  it('are refused by the table when malformed', async () => {
    const db = await getDb();
    await expect(db.execute(sql`update catalog_services set deposit = '{"kind":"percent","percent":0}'::jsonb where sku = 'WMBL001'`)).rejects.toThrow();
    await expect(db.execute(sql`update catalog_services set deposit = '{"kind":"fixed","cents":"50"}'::jsonb where sku = 'WMBL001'`)).rejects.toThrow();
  });
});
