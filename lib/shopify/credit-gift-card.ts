import 'server-only';
import { formatMoneyCents } from '@/lib/catalog/format';
import { SITE_NAME } from '@/lib/catalog/tables';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { creditBalanceCents, CreditError, spendCredit } from '@/lib/deposits/credit';
import { composeMail, queueMail, type MailMessage } from '@/lib/mail';
import { env } from '@/lib/env';
import { adminGiftCardIssuer, type CreditGiftCards } from './admin-gift-cards';
import { shopConfig } from './config';
import { formatGiftCardCode, issueDemoCreditGiftCard, voidDemoGiftCard } from './demo/gift-cards';
import { demoStorefront } from './demo/handler';
import { updateGiftCardCodes } from './index';
import type { Buyer, Cart } from './types';

/**
 * Account credit pays a package first (issue 37). The site cannot lower a Shopify line's price, so it asks the store
 * to issue a gift card for the credit (demo store: at once; a real store: the Admin API's giftCardCreate with
 * SHOPIFY_ADMIN_TOKEN) and applies it to the cart. Without an issuer the checkout goes ahead without the credit, and
 * the account page says the credit is for deposits and the salon.
 */
export type { CreditGiftCards } from './admin-gift-cards';

/** The store's gift-card issuer for credit, if this store has one. */
export function creditGiftCardIssuer(): CreditGiftCards | undefined {
  const config = shopConfig();
  if (config.mode === 'shopify') {
    const adminToken = env().SHOPIFY_ADMIN_TOKEN;
    return adminToken ? adminGiftCardIssuer({ storeDomain: config.storeDomain, adminToken }) : undefined;
  }
  const { store } = demoStorefront();
  return {
    issue: async (input) => ({ code: (await issueDemoCreditGiftCard(store, { ...input, now: new Date() })).code }),
    void: (card) => voidDemoGiftCard(store, card.code),
  };
}

/** Whether credit can pay a package at this shop's checkout (the account page's sentence). */
export function creditPaysPackages(): boolean {
  return creditGiftCardIssuer() !== undefined;
}

export function creditGiftCardMail(to: string, name: string, card: { code: string; cents: number }): MailMessage {
  const siteUrl = env().SITE_URL;
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} credit is on a gift card: ${formatMoneyCents(card.cents)}`,
    greeting: `Hi ${name},`,
    blocks: [
      `Your checkout uses your account credit first: ${formatMoneyCents(card.cents)} of it is now on a gift card, already applied to your order. Its code is:`,
      formatGiftCardCode(card.code),
      'If you leave the checkout before paying, the card keeps the amount: type the code at your next checkout, or give it at any of our salons.',
      { link: { label: 'How gift cards work', url: `${siteUrl}/gift-cards/` } },
    ],
    siteUrl,
  });
}

/**
 * Before the package's checkout: the customer's credit, up to the cart's total, moves onto a store gift card applied
 * to the cart (a 'spent-on-package' ledger row with the card's last four characters, and the code mailed, in one
 * transaction). A cart that already has a gift card applied (this checkout's earlier press, or the customer's own) is
 * left as it is. Runs under the customer's checkout lock, so two presses never spend one balance twice; a balance
 * spent elsewhere meanwhile voids the card just issued and the checkout goes ahead without it.
 */
export async function applyAccountCredit(
  db: Db | Tx,
  cart: Cart,
  buyer: Buyer,
  issuer: CreditGiftCards | undefined,
): Promise<{ cart: Cart; mailId?: number }> {
  if (!issuer || cart.appliedGiftCards.length > 0) return { cart };
  const balance = await creditBalanceCents(db, buyer.userId);
  const cents = Math.min(balance, Math.round(cart.total.amount * 100));
  if (cents <= 0) return { cart };
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, buyer.userId));
  let card: Awaited<ReturnType<CreditGiftCards['issue']>>;
  try {
    card = await issuer.issue({ cents, email: buyer.email });
  } catch (error) {
    // The store could not issue it now: the checkout goes ahead without the credit, which stays in the ledger.
    console.error(`[shop] no gift card for ${buyer.userId}'s credit; checking out without it`, error);
    return { cart };
  }
  const { code } = card;
  let mailId: number;
  try {
    mailId = await db.transaction(async (tx) => {
      await spendCredit(tx, { customerId: buyer.userId, cents, reason: 'spent-on-package', giftCardLast4: code.slice(-4) });
      return queueMail(tx, creditGiftCardMail(buyer.email, user?.name ?? 'there', { code, cents }));
    });
  } catch (error) {
    await issuer.void(card);
    if (error instanceof CreditError) return { cart };
    throw error;
  }
  try {
    return { cart: await updateGiftCardCodes(cart.id, [code]), mailId };
  } catch (error) {
    // The credit is on the card and its code in the mail: the customer types it at the checkout instead.
    console.error(`[shop] the gift card for ${buyer.userId}'s credit could not be applied to cart ${cart.id}`, error);
    return { cart, mailId };
  }
}
