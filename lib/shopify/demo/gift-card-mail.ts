import 'server-only';
import { formatMoneyCents } from '@/lib/catalog/format';
import { SITE_NAME } from '@/lib/catalog/tables';
import { getDb, type Db } from '@/lib/db';
import { meta } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, deliverDue, queueMail, type MailMessage } from '@/lib/mail';
import { formatGiftCardCode } from './gift-cards';
import type { DemoGiftCard } from './store';

/**
 * The mail a real Shopify store sends itself for a bought gift card; the demo store sends it through the site's
 * outbox and says that it is the demo's.
 */
export function demoGiftCardMail(to: string, card: Pick<DemoGiftCard, 'code' | 'initialCents'>): MailMessage {
  const siteUrl = env().SITE_URL;
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} gift card: ${formatMoneyCents(card.initialCents)}`,
    greeting: 'Hello,',
    blocks: [
      `Thank you for buying a ${SITE_NAME} gift card of ${formatMoneyCents(card.initialCents)}. Its code is:`,
      formatGiftCardCode(card.code),
      'Use it at the shop’s checkout for packages, bundles and deposits (type the code in the gift card field), or give the code at any of our salons. What an order does not use stays on the card.',
      { link: { label: 'How gift cards work', url: `${siteUrl}/gift-cards/` } },
      'This mail comes from the site’s demo store: a real Shopify store sends its own gift-card mail.',
    ],
    siteUrl,
  });
}

/**
 * Queues each card's mail once: the card's key is claimed in `meta` in the mail's own transaction, so a second
 * 'Pay' press or a retry after a crash mails nothing twice. Then tries to send them (the worker retries a failure).
 */
export async function mailDemoGiftCards(cards: readonly DemoGiftCard[], db?: Db): Promise<number[]> {
  if (cards.length === 0) return [];
  const database = db ?? (await getDb());
  const ids = await database.transaction(async (tx) => {
    const queued: number[] = [];
    for (const card of cards) {
      if (!card.email) {
        console.error(`[shop] demo gift card ${card.code.slice(-4)} of order ${card.orderId ?? '(none)'} has no address to mail`);
        continue;
      }
      const claimed = await tx
        .insert(meta)
        .values({ key: `demo-gift-card-mail:${card.id}`, value: { orderId: card.orderId } })
        .onConflictDoNothing()
        .returning({ key: meta.key });
      if (claimed.length > 0) queued.push(await queueMail(tx, demoGiftCardMail(card.email, card)));
    }
    return queued;
  });
  if (ids.length > 0) {
    try {
      await deliverDue(database, { ids });
    } catch (error) {
      console.error(`The gift-card mails ${ids.join(', ')} could not be tried now; the mail worker tries them again`, error);
    }
  }
  return ids;
}
