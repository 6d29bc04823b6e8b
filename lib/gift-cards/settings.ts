import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import type { Db } from '@/lib/db';
import { siteSettings } from '@/lib/db/schema';
import { DEFAULT_GIFT_CARD_AMOUNTS, giftCardAmountsSchema } from './amounts';

/** The owner's gift-card amounts are one site setting (site_settings, beside the hero photo). */
export const GIFT_CARD_AMOUNTS_KEY = 'gift_card_amounts';

/** The amounts /gift-cards/ sells: the owner's list, or the defaults until the owner sets one. */
export async function giftCardAmounts(db: Db): Promise<number[]> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, GIFT_CARD_AMOUNTS_KEY));
  if (!row) return [...DEFAULT_GIFT_CARD_AMOUNTS];
  const parsed = giftCardAmountsSchema.safeParse(row.value);
  if (!parsed.success) {
    console.error(`[gift-cards] the stored amounts ${JSON.stringify(row.value).slice(0, 200)} are not valid; the defaults are sold`);
    return [...DEFAULT_GIFT_CARD_AMOUNTS];
  }
  return parsed.data;
}

const listed = (amounts: readonly number[]) => amounts.map((dollars) => `$${dollars}`).join(', ');

/** Saves the owner's amounts (already checked by giftCardAmountsSchema) with the activity entry, in one transaction. */
export async function saveGiftCardAmounts(db: Db, amounts: readonly number[], actor: ActivityActor): Promise<{ amounts: number[]; changed: boolean }> {
  const next = giftCardAmountsSchema.parse([...amounts]);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, GIFT_CARD_AMOUNTS_KEY)).for('update');
    const before = row ? giftCardAmountsSchema.safeParse(row.value) : undefined;
    const previous = before?.success ? before.data : [...DEFAULT_GIFT_CARD_AMOUNTS];
    if (previous.join() === next.join()) return { amounts: next, changed: false };
    await tx
      .insert(siteSettings)
      .values({ key: GIFT_CARD_AMOUNTS_KEY, value: next })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: next, updatedAt: sql`now()` } });
    await recordActivity(tx, actor, {
      kind: 'gift-cards',
      action: 'changed',
      subject: 'Gift-card amounts',
      summary: `Gift cards ${listed(previous)} → ${listed(next)}`,
      before: previous,
      after: next,
    });
    return { amounts: next, changed: true };
  });
}
