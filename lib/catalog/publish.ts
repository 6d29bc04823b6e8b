import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/client';
import { catalogChanges } from '@/lib/db/schema';

/**
 * The cache tags of what the owner publishes, one constant for every `cacheTag` and every publish (as vercel/commerce
 * keeps its TAGS): a page tags what it shows, a change names what it touched, and only those pages render again.
 */
export const CATALOG_TAGS = {
  /** Services, packages and bundles: names, prices, durations, descriptions, photos, where each is bookable. */
  menu: 'catalog-menu',
  /** Therapists, what each does where, their photos. */
  team: 'catalog-team',
  /** Opening hours, special hours, minimum notice. */
  hours: 'catalog-hours',
  /** The home page's banner and news cards, the hero photo. */
  promotions: 'catalog-promotions',
} as const;
export type CatalogTag = (typeof CATALOG_TAGS)[keyof typeof CATALOG_TAGS];

/** The channel every instance LISTENs on; the payload is the change's id (the catalogue's new version). */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * Publishes a change inside the transaction that makes it: the version row and the NOTIFY are delivered at commit
 * and not at all on a rollback, so no instance learns of a change that did not happen.
 */
export async function publishCatalogChange(tx: Tx, tags: readonly CatalogTag[]): Promise<number> {
  const [row] = await tx.insert(catalogChanges).values({ tags: [...new Set(tags)] }).returning({ id: catalogChanges.id });
  await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}
