/** @jest-environment node */
import { desc } from 'drizzle-orm';
import { recordActivity } from '@/lib/activity/log';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogChanges } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { CATALOG_TAGS, publishCatalogChange } from './publish';

createTempDataDir();
afterAll(closeDb);

describe('publishing a catalogue change', () => {
  it('gives each change a larger version with its tags, recorded with its activity entry in one transaction', async () => {
    const db = await getDb();
    const first = await db.transaction((tx) => publishCatalogChange(tx, [CATALOG_TAGS.menu, CATALOG_TAGS.menu]));
    const second = await db.transaction(async (tx) => {
      await recordActivity(tx, { userId: null, name: 'Owner' }, { kind: 'hours', action: 'changed', subject: 'SoHo hours', summary: 'Saturday 11:00 AM to 6:00 PM' });
      return publishCatalogChange(tx, [CATALOG_TAGS.hours]);
    });
    expect(second).toBeGreaterThan(first);
    const rows = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(2);
    expect(rows.map((row) => row.tags)).toEqual([[CATALOG_TAGS.hours], [CATALOG_TAGS.menu]]);
    const [entry] = await db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ actorName: 'Owner', kind: 'hours', subject: 'SoHo hours' });
  });

  it('leaves no version and no entry behind when the change rolls back', async () => {
    const db = await getDb();
    const before = (await db.select().from(catalogChanges)).length;
    const entries = (await db.select().from(activityLog)).length;
    await expect(
      db.transaction(async (tx) => {
        await recordActivity(tx, { userId: null, name: 'Owner' }, { kind: 'menu', action: 'changed', subject: 'Brazilian', summary: 'x' });
        await publishCatalogChange(tx, [CATALOG_TAGS.menu]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await db.select().from(catalogChanges)).length).toBe(before);
    expect((await db.select().from(activityLog)).length).toBe(entries);
  });
});
