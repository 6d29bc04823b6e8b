import 'server-only';
import type { Db } from '@/lib/db';
import { setCatalogSnapshot, type CatalogSnapshot } from './snapshot';
import { loadCatalogSnapshot } from './snapshot-load';

/**
 * Reloads this instance's catalogue from the database. Call it after the transaction that published a change
 * (publishCatalogChange) commits, so the owner's next page shows it at once; every other instance learns of the change
 * from the database itself.
 */
export async function catalogChanged(db: Db): Promise<CatalogSnapshot> {
  const snapshot = await loadCatalogSnapshot(db);
  setCatalogSnapshot(snapshot);
  return snapshot;
}
