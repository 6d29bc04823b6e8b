import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { creditPackage } from '@/lib/booking/packages';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { getDb } from '@/lib/db';
import { giftCardDollarsOfSku } from '@/lib/gift-cards/amounts';
import { meta, users } from '@/lib/db/schema';
import { afterAnswer } from '@/lib/api/after-answer';
import { deliverQueued } from '@/lib/booking/mails';
import { recordDepositPayment, type DepositPaymentOutcome } from '@/lib/deposits/booking';
import { isGuid } from '@/lib/validation';
import { DEPOSIT_ATTRIBUTE, DEPOSIT_SKU } from './constants';

/** The part of Shopify's order webhook payload (orders/paid) that crediting reads; other fields pass unread. */
export const shopifyOrderSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(100).optional(),
  email: z.string().max(320).nullish(),
  note: z.string().max(5000).nullish(),
  financial_status: z.string().max(40).nullish(),
  cancelled_at: z.string().nullish(),
  note_attributes: z.array(z.object({ name: z.string().max(200), value: z.string().max(5000).nullable() })).max(100).default([]),
  line_items: z
    .array(
      z.object({
        sku: z.string().max(100).nullish(),
        // A deposit line is the $1.00 deposit variant times the dollars (lib/deposits/checkout.ts).
        quantity: z.number().int().positive().max(100_000),
        title: z.string().max(500).optional(),
      }),
    )
    .max(250),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Shopify signs each webhook: base64 HMAC-SHA256 of the raw body with the app's secret, in X-Shopify-Hmac-Sha256. */
export function verifyShopifyWebhook(rawBody: Uint8Array | string, hmacHeader: string | null, secret: string): boolean {
  if (!hmacHeader || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  let given: Buffer;
  try {
    given = Buffer.from(hmacHeader, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signShopifyWebhook(rawBody: Uint8Array | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export interface CreditedLine {
  pvId: string;
  sku: string;
  sessions: number;
}

export type OrderOutcome =
  | { status: 'credited'; customerId: string; credited: CreditedLine[] }
  | { status: 'duplicate'; customerId: string }
  | { status: 'ignored'; reason: string }
  | Exclude<DepositPaymentOutcome, { status: 'duplicate' | 'ignored' }>;

function orderCustomerId(order: ShopifyOrder): string | undefined {
  const attribute = order.note_attributes.find((entry) => entry.name === 'userid')?.value ?? undefined;
  const candidate = (attribute ?? order.note ?? '').trim();
  return isGuid(candidate) ? candidate.replace(/[{}]/g, '').toLowerCase() : undefined;
}

/** The deposit an order pays (its cart's 'deposit' attribute, lib/deposits/checkout.ts), or undefined. */
function orderDepositId(order: ShopifyOrder): string | undefined {
  const value = order.note_attributes.find((entry) => entry.name === DEPOSIT_ATTRIBUTE)?.value?.trim() ?? '';
  return isGuid(value) ? value.replace(/[{}]/g, '').toLowerCase() : undefined;
}

/**
 * A paid order credits each bought package's sessions (sessions x quantity) to the customer the checkout named
 * (attribute 'userid', else the note). Exactly once per order: the order's key is claimed in `meta` in the same
 * transaction as the credits, so a repeated webhook or a second 'Pay' press adds nothing.
 */
export async function recordPaidOrder(order: ShopifyOrder, source: 'shopify' | 'demo'): Promise<OrderOutcome> {
  if (order.financial_status !== 'paid' || order.cancelled_at) return { status: 'ignored', reason: `order ${order.id} is not paid` };
  const customerId = orderCustomerId(order);
  if (!customerId) return { status: 'ignored', reason: `order ${order.id} names no customer` };
  // A deposit is a cart of its own (never mixed with a package): it books the visit waiting for it (lib/deposits).
  const depositId = orderDepositId(order);
  if (depositId) {
    const paidCents = order.line_items.filter((item) => item.sku === DEPOSIT_SKU).reduce((sum, item) => sum + item.quantity * 100, 0);
    const others = order.line_items.filter((item) => item.sku !== DEPOSIT_SKU);
    if (others.length > 0) console.error(`[shop] deposit order ${order.id}: lines ${others.map((item) => item.sku ?? '(none)').join(', ')} are not the deposit; not credited`);
    const db = await getDb();
    const outcome = await recordDepositPayment(db, { orderKey: `shop-order:${source}:${order.id}`, orderName: order.name ?? null, depositId, customerId, paidCents });
    // The confirmation (or the credit's mail) was queued with it; tried after the answer, else by the mail worker.
    const mail = outcome.status === 'deposit-booked' ? outcome.confirmation : outcome.status === 'deposit-credited' ? outcome.mail : null;
    if (mail !== null) await afterAnswer(() => deliverQueued(db, [mail]));
    return outcome;
  }

  const offers = new Map(allGroupedPackages().map((offer) => [offer.pvSku, offer]));
  const lines: CreditedLine[] = [];
  for (const item of order.line_items) {
    // The store itself issues and mails a gift card: nothing for the site to credit.
    if (giftCardDollarsOfSku(item.sku) !== undefined) continue;
    const offer = item.sku ? offers.get(item.sku) : undefined;
    if (!offer) {
      console.error(`[shop] order ${order.id}: sku ${item.sku ?? '(none)'} is no package or bundle; not credited`);
      continue;
    }
    lines.push({ pvId: offer.pvId, sku: offer.pvSku, sessions: offer.pvQtyCombined * item.quantity });
  }

  const db = await getDb();
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, customerId));
  if (!customer) return { status: 'ignored', reason: `order ${order.id}: no customer ${customerId}` };

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(meta)
      .values({ key: `shop-order:${source}:${order.id}`, value: { customerId, lines, name: order.name ?? null } })
      .onConflictDoNothing()
      .returning({ key: meta.key });
    if (claimed.length === 0) return { status: 'duplicate', customerId } as const;
    for (const line of lines) await creditPackage(customerId, line.pvId, line.sessions, tx);
    return { status: 'credited', customerId, credited: lines } as const;
  });
}
