/** The gift cards the salon sells: whole-dollar amounts the owner picks, each a variant of one gift-card product. */
import { z } from 'zod';

export const GIFT_CARD_MIN_DOLLARS = 25;
export const GIFT_CARD_MAX_DOLLARS = 500;
/** Amounts are in steps of $5, so a store's gift-card product (at most 100 variants on Shopify) can hold every one. */
export const GIFT_CARD_STEP_DOLLARS = 5;
export const GIFT_CARD_MAX_AMOUNTS = 12;
export const DEFAULT_GIFT_CARD_AMOUNTS: readonly number[] = [25, 50, 100, 150, 200, 500];

/** The gift-card product's handle in the store. */
export const GIFT_CARD_HANDLE = 'gift-card';
const SKU_PREFIX = 'GIFT-CARD-';

/** The sku of the gift-card variant of an amount: `GIFT-CARD-50` for $50. */
export function giftCardSku(dollars: number): string {
  return `${SKU_PREFIX}${dollars}`;
}

/** The amount a gift-card sku sells, or undefined for any other sku. */
export function giftCardDollarsOfSku(sku: string | null | undefined): number | undefined {
  if (!sku?.startsWith(SKU_PREFIX)) return undefined;
  const tail = sku.slice(SKU_PREFIX.length);
  return /^\d{2,3}$/.test(tail) ? Number(tail) : undefined;
}

export const giftCardDollarsSchema = z
  .number({ error: 'Choose an amount.' })
  .int('Amounts are whole dollars.')
  .min(GIFT_CARD_MIN_DOLLARS, `The smallest gift card is $${GIFT_CARD_MIN_DOLLARS}.`)
  .max(GIFT_CARD_MAX_DOLLARS, `The largest gift card is $${GIFT_CARD_MAX_DOLLARS}.`)
  .refine((dollars) => dollars % GIFT_CARD_STEP_DOLLARS === 0, `Amounts go in steps of $${GIFT_CARD_STEP_DOLLARS}.`);

/** The owner's list: one to twelve different amounts, kept in ascending order. */
export const giftCardAmountsSchema = z
  .array(giftCardDollarsSchema)
  .min(1, 'Keep at least one amount.')
  .max(GIFT_CARD_MAX_AMOUNTS, `At most ${GIFT_CARD_MAX_AMOUNTS} amounts.`)
  .transform((amounts) => [...new Set(amounts)].sort((a, b) => a - b));

/**
 * The owner's field as typed ('25, 50, $100'): the amounts, or the first sentence saying what is wrong with it.
 */
export function parseGiftCardAmounts(text: string): { ok: true; amounts: number[] } | { ok: false; error: string } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^\$/, '').trim())
    .filter(Boolean);
  const numbers: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,6}$/.test(part)) return { ok: false, error: `“${part.slice(0, 20)}” is not an amount in whole dollars.` };
    numbers.push(Number(part));
  }
  const parsed = giftCardAmountsSchema.safeParse(numbers);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'The amounts are not valid.' };
  return { ok: true, amounts: parsed.data };
}

