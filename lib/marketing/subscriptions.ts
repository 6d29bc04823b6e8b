import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { SITE_NAME } from '@/lib/catalog/tables';
import { getDb, type Db } from '@/lib/db';
import { subscriptions } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, sendMail, type MailMessage } from '@/lib/mail';

/** The error code the specification's clients read to tell 'already subscribed' from a failure. */
export const ALREADY_SUBSCRIBED = 'DLRecordExists';

/** Where a person unsubscribes: the page (GET, a button) and the one-click address of List-Unsubscribe (POST). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe/';
export const UNSUBSCRIBE_ONE_CLICK = '/api/marketing/unsubscribe/';

/** An unsubscribe token as it appears in a link: the subscription's random UUID. */
export const unsubscribeTokenSchema = z.uuid();

/** Stores the address once; a repeat is a 409 whose error code is DLRecordExists. Returns the unsubscribe token. */
export async function subscribe(db: Db, input: { email: string; createdBy: string }): Promise<{ unsubscribeToken: string }> {
  const inserted = await db.insert(subscriptions).values(input).onConflictDoNothing({ target: subscriptions.email }).returning({ token: subscriptions.unsubscribeToken });
  if (inserted.length === 0) throw new ApiError(409, ALREADY_SUBSCRIBED, 'Already been subscribed!');
  return { unsubscribeToken: inserted[0]!.token };
}

/** The address a token unsubscribes, or undefined for a token that is malformed, made up or already used. */
export async function subscriptionByToken(db: Db, token: unknown): Promise<{ email: string } | undefined> {
  const parsed = unsubscribeTokenSchema.safeParse(token);
  if (!parsed.success) return undefined;
  const [row] = await db.select({ email: subscriptions.email }).from(subscriptions).where(eq(subscriptions.unsubscribeToken, parsed.data));
  return row;
}

/**
 * Ends the subscription the token belongs to. Only the token, sent in that subscriber's mail, names it: an address
 * alone unsubscribes nobody. Returns whether a subscription ended.
 */
export async function unsubscribe(db: Db, token: unknown): Promise<boolean> {
  const parsed = unsubscribeTokenSchema.safeParse(token);
  if (!parsed.success) return false;
  const removed = await db.delete(subscriptions).where(eq(subscriptions.unsubscribeToken, parsed.data)).returning({ id: subscriptions.id });
  return removed.length > 0;
}

/** The unsubscribe page's button (components/subscription/unsubscribe-action.ts): unsubscribe, on the site's database. */
export async function endSubscription(token: unknown): Promise<boolean> {
  return unsubscribe(await getDb(), token);
}

/** 'a•••@example.com': enough for the owner to recognise, not the whole address for whoever holds the link. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * Offers mail: the unsubscribe link in both parts, and the List-Unsubscribe and List-Unsubscribe-Post headers
 * (RFC 8058), so mail programs show their own unsubscribe button and one click POSTs to the site.
 */
export function offersMail(message: Omit<Parameters<typeof composeMail>[0], 'unsubscribeUrl' | 'siteUrl'>, token: string): MailMessage {
  const site = env().SITE_URL;
  const mail = composeMail({ ...message, siteUrl: site, unsubscribeUrl: `${site}${UNSUBSCRIBE_PAGE}?token=${token}` });
  return { ...mail, headers: { 'List-Unsubscribe': `<${site}${UNSUBSCRIBE_ONE_CLICK}?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The first offers mail, right after subscribing: what to expect, and the way out. */
export function welcomeOffersMail(email: string, token: string): MailMessage {
  return offersMail(
    {
      to: email,
      subject: `Welcome to ${SITE_NAME} offers`,
      greeting: 'Hi,',
      blocks: [
        `Thank you for subscribing. You will hear from us first about specials, packages and new services at ${SITE_NAME}, a few times a month at most.`,
        { link: { label: 'See the current specials', url: `${env().SITE_URL}/specials/` } },
      ],
    },
    token,
  );
}

/** Mails the welcome after the answer; a failure is logged and never undoes the subscription. */
export async function sendWelcomeOffers(db: Db, email: string, token: string): Promise<void> {
  try {
    await sendMail(db, welcomeOffersMail(email, token));
  } catch (error) {
    console.error('The welcome offers mail could not be queued', error);
  }
}
