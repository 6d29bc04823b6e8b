import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { catalogServices } from '@/lib/db/schema';
import { CATALOG_TAGS, publishCatalogChange } from '../publish';

/**
 * A price change as the owner's menu editor publishes it (OWNER-CONTRACT.md): the row and its `data` in one
 * transaction with the catalogue's new version, heard by every instance at commit. For the tests of the follower,
 * which must not depend on the editor.
 */
export async function publishPrice(db: Db, moniker: string, price: number): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(catalogServices)
      .set({ price, data: sql`jsonb_set(${catalogServices.data}, '{price}', to_jsonb(${price}::numeric))`, updatedAt: new Date() })
      .where(eq(catalogServices.moniker, moniker))
      .returning({ id: catalogServices.id });
    if (changed.length !== 1) throw new Error(`No service ${moniker}`);
    return publishCatalogChange(tx, [CATALOG_TAGS.menu]);
  });
}
