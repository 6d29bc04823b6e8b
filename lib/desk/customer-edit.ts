import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError, notFound } from '@/lib/api/errors';
import { isUniqueViolation } from '@/lib/auth/accounts';
import { effectiveRole, isTeamAddress } from '@/lib/auth/session';
import { SITE_NAME } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { emailChanges, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, queueMail, type MailMessage } from '@/lib/mail';
import { SALON_PHONE_DISPLAY } from '@/lib/site';
import type { EditedCustomer } from './customer-schemas';
import { teamAddressRefused, type DeskCustomer } from './customers';
import { formatPhone } from './phone';

/**
 * The desk corrects a customer's name, phone and e-mail address (issue 34, item 7). One transaction changes the row,
 * records the change in the activity log (kind 'customers': who, before and after) and, for a new address, queues a
 * mail to the old address and to the new one, so the customer hears of it wherever they read their mail.
 */

export interface CustomerEdit {
  customer: DeskCustomer & { walkIn: boolean };
  /** What changed (nothing: no entry, no mail). */
  changed: ('name' | 'email' | 'phone')[];
  /** The outbox ids of the mails about a new address, to try after the answer. */
  mails: number[];
}

export const EMAIL_TAKEN = 'Another account uses this e-mail address. Open that customer instead, or use another address.';
export const CONTACT_NEEDED = 'Enter an e-mail address or a phone number.';

const emailTaken = () => new ApiError(409, 'email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN });

/** The mail to the address the desk replaced, and to the one it put in its place. */
export function emailChangedByDeskMail(to: string, name: string, change: { before: string | null; after: string | null }): MailMessage {
  const isNew = to === change.after;
  const blocks = isNew
    ? [
        `Our front desk set ${to} as the e-mail address of your ${SITE_NAME} account${change.before ? ` (it was ${change.before})` : ''}. We will send your bookings and sign-in links here.`,
        `If you did not ask for this, call us at ${SALON_PHONE_DISPLAY}.`,
      ]
    : [
        change.after
          ? `Our front desk changed the e-mail address of your ${SITE_NAME} account from ${to} to ${change.after}. We will send your bookings and sign-in links there from now on.`
          : `Our front desk removed ${to} from your ${SITE_NAME} account. We will not send mail about it here any more.`,
        `If you did not ask for this, call us at ${SALON_PHONE_DISPLAY} straight away.`,
      ];
  return composeMail({ to, subject: `Your ${SITE_NAME} e-mail address was changed`, greeting: `Hi ${name},`, blocks, siteUrl: env().SITE_URL });
}

const shown = (field: 'name' | 'email' | 'phone', value: string | null) => (value === null ? 'none' : field === 'phone' ? formatPhone(value) : value);
const LABELS = { name: 'Name', email: 'E-mail', phone: 'Phone' } as const;

/**
 * Saves the desk's correction of a customer. 404 for no such customer; 409 for a closed account, for a staff account
 * (changed on the team page; also a stored customer whom OWNER_EMAILS or STAFF_EMAILS make one), and for an address
 * another account has; 422 when a customer who is not a walk-in would be left without an e-mail address and a phone,
 * and for an address the lists give a role (isTeamAddress). A walk-in given an address or a number is no longer a walk-in.
 */
export async function editCustomer(db: Db, customerId: string, input: EditedCustomer, actor: ActivityActor): Promise<CustomerEdit> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, role: users.role, closedAt: users.closedAt, walkIn: users.walkIn })
        .from(users)
        .where(eq(users.id, customerId))
        .for('update');
      if (!row) throw notFound('No such customer.');
      if (row.closedAt) throw new ApiError(409, 'account_closed', 'This account is closed: its details cannot be changed.');
      // The role the account signs in with: a stored 'customer' at an address the lists name is a team member.
      if (effectiveRole({ email: row.email ?? '', role: row.role }) !== 'customer') {
        throw new ApiError(409, 'staff_account', 'This is a staff account: the owner changes it on the team page.');
      }
      if (!input.email && !input.phone && !row.walkIn) {
        throw new ApiError(422, 'invalid', CONTACT_NEEDED, { email: CONTACT_NEEDED, phone: CONTACT_NEEDED });
      }
      const changed = (['name', 'email', 'phone'] as const).filter((field) => row[field] !== input[field]);
      const walkIn = row.walkIn && !input.email && !input.phone;
      const customer = { id: row.id, name: input.name, email: input.email, phone: input.phone, walkIn };
      if (changed.length === 0) return { customer: { ...customer, walkIn: row.walkIn }, changed, mails: [] };
      if (input.email && changed.includes('email')) {
        if (isTeamAddress(input.email)) throw teamAddressRefused();
        const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, input.email), ne(users.id, row.id)));
        if (owner) throw emailTaken();
      }
      await tx.update(users).set({ name: input.name, email: input.email, phone: input.phone, walkIn, updatedAt: new Date() }).where(eq(users.id, row.id));
      const before = Object.fromEntries(changed.map((f) => [f, row[f]]));
      const after = Object.fromEntries(changed.map((f) => [f, input[f]]));
      await recordActivity(tx, actor, {
        kind: 'customers',
        action: 'changed',
        subject: input.name,
        summary: changed.map((f) => `${LABELS[f]} ${shown(f, row[f])} → ${shown(f, input[f])}`).join('; '),
        before,
        after,
      });
      const mails: number[] = [];
      if (changed.includes('email')) {
        // A link the customer asked for earlier would put the old choice back: it no longer works.
        await tx.update(emailChanges).set({ usedAt: new Date() }).where(and(eq(emailChanges.userId, row.id), isNull(emailChanges.usedAt)));
        const change = { before: row.email, after: input.email };
        for (const to of [row.email, input.email]) if (to) mails.push(await queueMail(tx, emailChangedByDeskMail(to, input.name, change)));
      }
      return { customer, changed, mails };
    });
  } catch (error) {
    // Two desks giving one address to two customers at once: the unique index lets one in.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
