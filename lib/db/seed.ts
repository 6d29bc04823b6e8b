import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { allServiceItems } from '@/lib/catalog/catalog';
import { ROSTER, THERAPISTS } from '@/lib/catalog/data';
import { ANY_THERAPIST_ID, LOCATION_OFFERINGS, LOCATIONS, SERVICE_TYPE_FLAGS } from '@/lib/catalog/tables';
import type { Db } from './client';
import { catalogServices, locationOfferings, meta, rosters, therapists } from './schema';

const SEED_KEY = 'catalog_seed';

export function catalogSeedRows() {
  const services = allServiceItems().map((item) => ({
    id: item.id,
    sku: item.value,
    moniker: item.moniker,
    name: item.name,
    svcType: item.svcType,
    areaId: item.areaId,
    gender: item.gen,
    duration: item.duration,
    price: item.price,
    data: item,
  }));
  const allFlags = Object.values(SERVICE_TYPE_FLAGS) as number[];
  const offerings = LOCATIONS.flatMap(({ id }) => {
    const offering = LOCATION_OFFERINGS[id];
    return (offering === 'all' ? allFlags : [...offering]).map((svcType) => ({ location: id, svcType }));
  });
  const people = THERAPISTS.filter((therapist) => therapist.id !== ANY_THERAPIST_ID).map(({ id, name }) => ({ id, name }));
  const roster = ROSTER.flatMap((entry) =>
    entry.areaIds.flatMap((areaId) => entry.days.map((weekday) => ({ therapistId: entry.therapistId, location: entry.location, areaId, weekday }))),
  );
  return { services, offerings, therapists: people, rosters: roster };
}

function fingerprint(rows: unknown): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * Loads the catalogue, the therapists, their rosters and the location offerings into the database on first start, and again whenever the
 * catalogue in the code changes (its fingerprint is kept in `meta`). Rows are upserted, never deleted, so old
 * appointments keep their service rows. Rosters are loaded into an empty table only: after that the desk owns them.
 */
export async function seedDatabase(db: Db): Promise<{ seeded: boolean }> {
  const rows = catalogSeedRows();
  const print = fingerprint(rows);
  const [current] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, SEED_KEY));
  if (current?.value === print) return { seeded: false };
  await db.transaction(async (tx) => {
    if (rows.services.length > 0) {
      await tx
        .insert(catalogServices)
        .values(rows.services)
        .onConflictDoUpdate({
          target: catalogServices.id,
          set: {
            sku: sql`excluded.sku`,
            moniker: sql`excluded.moniker`,
            name: sql`excluded.name`,
            svcType: sql`excluded.svc_type`,
            areaId: sql`excluded.area_id`,
            gender: sql`excluded.gender`,
            duration: sql`excluded.duration`,
            price: sql`excluded.price`,
            data: sql`excluded.data`,
          },
        });
    }
    if (rows.therapists.length > 0) {
      await tx
        .insert(therapists)
        .values(rows.therapists)
        .onConflictDoUpdate({ target: therapists.id, set: { name: sql`excluded.name` } });
    }
    // Rosters belong to the front desk once loaded (/desk/rosters/): the catalogue's fill only an empty table, so
    // staff edits survive a restart and a catalogue change (docs/decisions.md, 'Rosters').
    const [anyShift] = await tx.select({ therapistId: rosters.therapistId }).from(rosters).limit(1);
    if (!anyShift && rows.rosters.length > 0) await tx.insert(rosters).values(rows.rosters);
    // Offerings are wholly catalogue data: replaced, not merged.
    await tx.delete(locationOfferings);
    if (rows.offerings.length > 0) await tx.insert(locationOfferings).values(rows.offerings);
    await tx
      .insert(meta)
      .values({ key: SEED_KEY, value: print })
      .onConflictDoUpdate({ target: meta.key, set: { value: print, updatedAt: new Date() } });
  });
  return { seeded: true };
}
