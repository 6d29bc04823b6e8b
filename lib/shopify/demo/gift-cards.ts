import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { GIFT_CARD_HANDLE, GIFT_CARD_MAX_DOLLARS, GIFT_CARD_MIN_DOLLARS, GIFT_CARD_STEP_DOLLARS, giftCardSku } from '@/lib/gift-cards/amounts';
import type { DemoProduct } from './product';
import { giftCardBalanceCents, type DemoGiftCard, type DemoShopStore } from './store';

/** The gift-card product's numeric id; its variants are this plus the amount in dollars. Far from the packages' ids. */
export const DEMO_GIFT_CARD_PRODUCT_ID = 900_000_000_000_000;

/**
 * The demo shop's gift-card product: a variant for every amount the owner may choose ($25 to $500 in steps of $5,
 * 96 variants, inside the 100 Shopify allows and the 100 the sku query reads), so any list the owner sets is on sale.
 */
export function demoGiftCardProducts(): DemoProduct[] {
  const variants: DemoProduct[] = [];
  for (let dollars = GIFT_CARD_MIN_DOLLARS; dollars <= GIFT_CARD_MAX_DOLLARS; dollars += GIFT_CARD_STEP_DOLLARS) {
    variants.push({
      id: DEMO_GIFT_CARD_PRODUCT_ID + dollars,
      productId: DEMO_GIFT_CARD_PRODUCT_ID,
      title: 'Gift card',
      variantTitle: `$${dollars}`,
      handle: GIFT_CARD_HANDLE,
      sku: giftCardSku(dollars),
      price: dollars,
      giftCard: true,
    });
  }
  return variants;
}

export const GIFT_CARD_CODE_INVALID = 'The gift card code is not valid.';
export const GIFT_CARD_NO_BALANCE = 'The gift card has no balance left.';

// Without 0, O, 1 and I, so a code read aloud at the salon's desk is typed right.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

/** A code as a person types it ('abcd-efgh jklm 2345') in the form the shop keeps, or undefined if it cannot be one. */
export function normalizeGiftCardCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]+/g, '');
  return code.length === CODE_LENGTH && [...code].every((char) => CODE_ALPHABET.includes(char)) ? code : undefined;
}

/** 'ABCD EFGH JKLM 2345', as the mail shows it. */
export function formatGiftCardCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The code of the `index`th card an order's cart bought: derived from the cart's secret token, so issuing again
 * (a second 'Pay', a retry after a crash) names the same card, and nobody without the token can guess it.
 */
export function demoGiftCardCode(cartToken: string, index: number): string {
  const digest = createHash('sha256').update(`gift-card:${cartToken}:${index}`).digest();
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[digest[i]! % CODE_ALPHABET.length];
  return code;
}

/** A card's id for the Storefront's AppliedGiftCard (numeric, stable). */
export function demoGiftCardId(code: string): number {
  return Number.parseInt(createHash('sha256').update(code).digest('hex').slice(0, 12), 16);
}

export interface GiftCardUse {
  card: DemoGiftCard;
  /** The balance before this order. */
  balanceCents: number;
  usedCents: number;
}

/** Cards in the order they were applied, each paying what is left up to its balance; unused ones pay nothing. */
export function allocateGiftCards(cards: readonly DemoGiftCard[], payableCents: number): GiftCardUse[] {
  let left = Math.max(0, payableCents);
  return cards.map((card) => {
    const balanceCents = giftCardBalanceCents(card);
    const usedCents = Math.max(0, Math.min(balanceCents, left));
    left -= usedCents;
    return { card, balanceCents, usedCents };
  });
}

/** The cards of a cart's codes that exist (a code the shop never issued is dropped by the mutation before this). */
export async function cardsOf(store: DemoShopStore, codes: readonly string[]): Promise<DemoGiftCard[]> {
  const cards = await Promise.all(codes.map((code) => store.readGiftCard(code)));
  return cards.filter((card): card is DemoGiftCard => card !== undefined);
}

/**
 * A card the store issues at the site's request for a customer's account credit (Shopify: the Admin API's
 * giftCardCreate): a random code, the amount, no order. Answers the card as stored.
 */
export async function issueDemoCreditGiftCard(store: DemoShopStore, input: { cents: number; email: string; now: Date }): Promise<DemoGiftCard> {
  for (;;) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    const card: DemoGiftCard = { id: demoGiftCardId(code), code, initialCents: input.cents, email: input.email, orderId: null, createdAt: input.now.toISOString(), debits: [] };
    if (await store.issueGiftCard(card)) return card;
  }
}

/** Takes a card's whole balance off (a card issued for credit that could not be spent after all). */
export async function voidDemoGiftCard(store: DemoShopStore, code: string): Promise<void> {
  const card = await store.readGiftCard(code);
  if (!card) return;
  const left = giftCardBalanceCents(card);
  if (left > 0) await store.writeGiftCard({ ...card, debits: [...card.debits, { orderId: card.id, cents: left }] });
}
