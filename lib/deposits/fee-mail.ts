import 'server-only';
import { eq } from 'drizzle-orm';
import { SITE_NAME } from '@/lib/catalog/tables';
import type { Tx } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, queueMail, mailSignature } from '@/lib/mail';
import { depositSentence } from './fee-rule';
import type { SettledDeposit } from './fee';

/**
 * The mail of a deposit kept for a no-show, queued in the mark's transaction (the cancellation mail says it for a
 * late cancellation). A customer the desk created without an address gets none. Returns the outbox id.
 */
export async function queueNoShowFeeMail(tx: Tx, input: { customerId: string; location: number; when: string; kept: SettledDeposit }): Promise<number | null> {
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, input.customerId));
  if (!user?.email) return null;
  const phone = mailSignature(input.location).phone;
  return queueMail(
    tx,
    composeMail({
      to: user.email,
      subject: `We missed you at ${SITE_NAME}`,
      greeting: `Hi ${user.name},`,
      blocks: [
        `We missed you at your visit on ${input.when}.`,
        depositSentence(input.kept.event, input.kept.cents),
        `If something kept you away, call us at ${phone}. We would love to see you another time:`,
        { link: { label: 'Book a new time', url: `${env().SITE_URL}/booking/` } },
      ],
      location: input.location,
      siteUrl: env().SITE_URL,
    }),
  );
}
