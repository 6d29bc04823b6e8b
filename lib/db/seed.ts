import 'server-only';
import { eq } from 'drizzle-orm';
import { seedSnapshot } from '@/lib/catalog/snapshot';
import { rowsOfSnapshot } from '@/lib/catalog/snapshot-rows';
import { LOCATION_OFFERINGS, LOCATIONS, SERVICE_TYPE_FLAGS } from '@/lib/catalog/tables';
import { ROSTER, SEED_BANNERS, SEED_NEWS } from '@/lib/catalog/data';
import type { Db } from './client';
import {
  catalogOffers,
  catalogServices,
  locationOfferings,
  locationSettings,
  meta,
  newsCards,
  openingHours,
  promotions,
  rosters,
  therapistServices,
  therapists,
} from './schema';

/** Set once the database holds the catalogue: from then on it is the source of truth and the seed never writes again. */
const SOURCE_KEY = 'catalog_source';

/** The seed's rows: the typed catalogue (lib/catalog/data) as the database keeps it. */
export function catalogSeedRows() {
  const rows = rowsOfSnapshot(seedSnapshot());
  const allFlags = Object.values(SERVICE_TYPE_FLAGS) as number[];
  const offerings = LOCATIONS.flatMap(({ id }) => {
    const offering = LOCATION_OFFERINGS[id];
    return (offering === 'all' ? allFlags : [...offering]).map((svcType) => ({ location: id, svcType }));
  });
  const roster = ROSTER.flatMap((entry) =>
    entry.areaIds.flatMap((areaId) => entry.days.map((weekday) => ({ therapistId: entry.therapistId, location: entry.location, areaId, weekday }))),
  );
  // The cards with their order and whether each is published: the snapshot keeps the published ones only.
  const news = SEED_NEWS.map((card, position) => ({ ...card, position }));
  return { ...rows, offerings, rosters: roster, promotions: SEED_BANNERS.map((banner) => ({ ...banner })), news };
}

async function isEmpty(tx: Pick<Db, 'select'>, table: typeof catalogOffers | typeof therapistServices | typeof openingHours | typeof locationSettings | typeof rosters | typeof promotions | typeof newsCards) {
  const [row] = await tx.select().from(table).limit(1);
  return row === undefined;
}

/**
 * Fills an empty database with the catalogue, the therapists, what each does where, opening hours, settings and
 * rosters, once. A database seeded by an earlier release (its catalog_services a copy of the code's) is brought to
 * the same state: its rows are upserted from the code once, then the database owns them (DESIGN.md). After that the
 * seed never writes: the owner's changes survive every restart and every release.
 */
export async function seedDatabase(db: Db): Promise<{ seeded: boolean }> {
  const [source] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, SOURCE_KEY));
  if (source?.value === 'database') return { seeded: false };
  const rows = catalogSeedRows();
  await db.transaction(async (tx) => {
    for (const row of rows.services) {
      const { id, ...rest } = row;
      await tx.insert(catalogServices).values(row).onConflictDoUpdate({ target: catalogServices.id, set: rest });
    }
    for (const row of rows.therapists) {
      await tx.insert(therapists).values(row).onConflictDoUpdate({ target: therapists.id, set: { name: row.name } });
    }
    if (await isEmpty(tx, catalogOffers)) await tx.insert(catalogOffers).values(rows.offers);
    if (await isEmpty(tx, therapistServices)) await tx.insert(therapistServices).values(rows.therapistServices);
    if (await isEmpty(tx, openingHours)) await tx.insert(openingHours).values(rows.hours);
    if (await isEmpty(tx, locationSettings)) await tx.insert(locationSettings).values(rows.settings);
    // Rosters belong to the front desk once loaded (/desk/rosters/): the seed fills only an empty table.
    if (await isEmpty(tx, rosters)) await tx.insert(rosters).values(rows.rosters);
    // The banner and the news cards are the owner's once there (/desk/promotions/).
    if (await isEmpty(tx, promotions)) await tx.insert(promotions).values(rows.promotions);
    if (await isEmpty(tx, newsCards)) await tx.insert(newsCards).values(rows.news);
    await tx.delete(locationOfferings);
    await tx.insert(locationOfferings).values(rows.offerings);
    await tx.insert(meta).values({ key: SOURCE_KEY, value: 'database' }).onConflictDoUpdate({ target: meta.key, set: { value: 'database', updatedAt: new Date() } });
  });
  return { seeded: true };
}
