import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { recordActivity } from '@/lib/activity/log';
import { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/booking/appointments/access';
import { createBooking, type CreateResult } from '@/lib/booking/appointments/create';
import { planCard } from '@/lib/booking/appointments/planning';
import { appointmentCardSchema, type AppointmentCard } from '@/lib/booking/card-schema';
import { placeHolds, releaseHolds } from '@/lib/booking/holds';
import { depositRuleOf, serviceById } from '@/lib/catalog/catalog';
import { formatMoneyCents } from '@/lib/catalog/format';
import { SITE_NAME } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { bookings, deposits, meta, pendingDeposits, users, type PendingDepositRow, type PendingDepositState } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, queueMail } from '@/lib/mail';
import { ShopError } from '@/lib/shopify/errors';
import { startDepositCheckout } from './checkout';
import { creditBalanceCents, CreditError, grantCredit, spendCredit } from './credit';
import { DEPOSIT_CREDIT_HOURS, visitDeposit, type VisitDeposit } from './rule';

/**
 * Booking with a deposit (issue 37, item 2; docs/decisions.md 'Deposits'). BOOK on a visit whose services ask for a
 * deposit holds its times for the existing 10 minutes (lib/booking/holds.ts, under the customer's hold cookie), keeps
 * the booking request in `pending_deposits` and sends the customer to the store's checkout for one deposit line; the
 * store's paid-order webhook (or the demo checkout's Pay, which calls the same code) books the visit from the stored
 * request, exactly once per order, under the pending row's id, so the confirmation page's address never changes. A
 * payment after the hold ran out books the visit if its times are still free; otherwise it becomes account credit and
 * the customer and the desk are told. Account credit pays first: credit covering the whole deposit books at once.
 */

/** The deposit a visit asks for, from the card checked as a booking is (catalogue prices; none where a package pays). */
export function depositOfCard(card: AppointmentCard, now: number): VisitDeposit {
  const plan = planCard(card, now, 'online');
  return visitDeposit(
    plan.flatMap((area) =>
      area.lines.map((line) => ({ serviceId: line.id, price: serviceById(line.id)?.price ?? line.price, rule: depositRuleOf(line.id), packageCovered: line.pkgId !== null })),
    ),
  );
}

/** What the confirmation mail says of a deposit paid (at the checkout, or from account credit). */
export function depositPaidNote(cents: number, paidBy: 'checkout' | 'credit'): string {
  return (
    `Deposit paid: ${formatMoneyCents(cents)}${paidBy === 'credit' ? ', from your account credit' : ''}. It is taken off the price at the salon. ` +
    `Cancel ${DEPOSIT_CREDIT_HOURS} hours or more ahead and it becomes credit on your account; later, or if you miss the visit, the salon keeps it as the fee.`
  );
}

export type DepositStart =
  /** The visit asks for no deposit: book it as any other. */
  | { kind: 'none' }
  /** Account credit paid the whole deposit: booked. */
  | { kind: 'booked'; result: CreateResult }
  /** The times are held and the deposit's checkout is open. */
  | { kind: 'checkout'; id: string; checkoutUrl: string; amountCents: number; creditCents: number; expiresAt: string };

export interface DepositBookingInput {
  actor: Actor;
  customerId: string;
  card: AppointmentCard;
  /** The customer's hold owner (the hold cookie): it holds the times while they pay. */
  holder: string;
  /** BOOK's Idempotency-Key: a retried BOOK that credit paid answers the same booking. */
  idempotencyKey?: string;
  now?: number;
}

async function bookedWithKey(db: Db, customerId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.idempotencyKey, key)));
  return row !== undefined;
}

/** The shop could not open the deposit's checkout: said to the customer, with the times let go. */
const shopUnavailable = () =>
  new ApiError(503, 'shop_unavailable', 'The shop’s checkout cannot be reached right now, so the deposit cannot be paid. Nothing is booked; please try again in a minute.');

/**
 * BOOK for a customer online: 'none' when the visit asks for no deposit (the caller books it as usual); else the
 * credit-paid booking, or the held times, the pending row and the deposit's checkout. The times are held before the
 * checkout opens: a time taken meanwhile is the usual 416 and nothing is paid.
 */
export async function startDepositBooking(db: Db, input: DepositBookingInput): Promise<DepositStart> {
  const now = input.now ?? Date.now();
  const { customerId, card } = input;
  // A retried BOOK of a visit booked already (credit paid its deposit): the create path answers that booking again.
  if (input.idempotencyKey && (await bookedWithKey(db, customerId, input.idempotencyKey))) return { kind: 'none' };
  const deposit = depositOfCard(card, now);
  if (deposit.cents === 0) return { kind: 'none' };

  const credit = Math.min(await creditBalanceCents(db, customerId), deposit.cents);
  if (credit === deposit.cents) {
    try {
      const result = await createBooking(db, {
        actor: input.actor,
        customerId,
        card,
        holder: input.holder,
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
        now,
        confirmationNote: depositPaidNote(deposit.cents, 'credit'),
        withinBooking: async (tx, bookingId) => {
          await spendCredit(tx, { customerId, cents: credit, reason: 'spent-on-deposit', bookingId });
          await tx.insert(deposits).values({ bookingId, customerId, amountCents: deposit.cents, state: 'paid', orderRef: 'credit' });
        },
      });
      return { kind: 'booked', result };
    } catch (error) {
      if (error instanceof CreditError) throw new ApiError(409, 'conflict', 'Your account credit changed meanwhile. Please press BOOK again.');
      throw error;
    }
  }

  const [customer] = await db.select({ email: users.email }).from(users).where(eq(users.id, customerId));
  if (!customer?.email) throw new ApiError(422, 'no_email', 'The deposit is paid at the shop’s checkout, which needs your e-mail address. Please add one on your account page, or call the salon to book.');

  const placed = await placeHolds(db, input.holder, card, now);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // An earlier BOOK of this customer still waiting lost its holds to these: it ends (its payment, if one comes, is late).
    await tx
      .update(pendingDeposits)
      .set({ status: 'released', updatedAt: new Date(now) })
      .where(and(eq(pendingDeposits.customerId, customerId), eq(pendingDeposits.status, 'awaiting_payment')));
    await tx.insert(pendingDeposits).values({
      id,
      customerId,
      request: card,
      holderHash: input.holder,
      amountCents: deposit.cents,
      creditCents: credit,
      expiresAt: new Date(placed.expiresAt),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });
  let checkout;
  try {
    checkout = await startDepositCheckout({ userId: customerId, email: customer.email }, id, deposit.cents - credit);
  } catch (error) {
    await db.update(pendingDeposits).set({ status: 'released', updatedAt: new Date() }).where(eq(pendingDeposits.id, id));
    await releaseHolds(db, input.holder);
    if (error instanceof ShopError) {
      console.error(`[deposits] the deposit checkout of ${id} could not open: ${error.message}`);
      throw shopUnavailable();
    }
    throw error;
  }
  await db.update(pendingDeposits).set({ cartId: checkout.cartId, updatedAt: new Date() }).where(eq(pendingDeposits.id, id));
  return { kind: 'checkout', id, checkoutUrl: checkout.checkoutUrl, amountCents: deposit.cents, creditCents: credit, expiresAt: placed.expiresAt };
}

export type DepositPaymentOutcome =
  | { status: 'deposit-booked'; customerId: string; bookingId: string; confirmation: number | null }
  | { status: 'deposit-credited'; customerId: string; cents: number; mail: number | null }
  | { status: 'duplicate'; customerId: string }
  | { status: 'ignored'; reason: string };

export interface DepositPayment {
  /** The order's claim in `meta` ('shop-order:shopify:123'): the same key as a package order's. */
  orderKey: string;
  orderName: string | null;
  depositId: string;
  customerId: string;
  /** What the order's deposit lines paid, in cents. */
  paidCents: number;
  now?: number;
}

class OrderAlreadyRecorded extends Error {}

/** Claims the order in the caller's transaction: false when it was recorded before (a repeated webhook). */
async function claimOrder(tx: Tx, payment: DepositPayment, outcome: string): Promise<boolean> {
  const claimed = await tx
    .insert(meta)
    .values({ key: payment.orderKey, value: { customerId: payment.customerId, deposit: payment.depositId, cents: payment.paidCents, name: payment.orderName, outcome } })
    .onConflictDoNothing()
    .returning({ key: meta.key });
  return claimed.length > 0;
}

/** The booking refused the stored request now: its times taken, or it no longer books (too soon, closed, retired). */
const refusedNow = (error: unknown) => error instanceof ApiError && (error.status === 416 || error.status === 422);

/**
 * A paid deposit order: books the waiting visit from its stored request (once per order: the order is claimed in the
 * booking's transaction), or, when the visit cannot be booked any more, or was booked by an earlier payment, turns
 * the payment into account credit and tells the customer (mail) and the desk (activity log). Throws only for a failure
 * worth a retry (the webhook then answers 5xx and Shopify sends it again).
 */
export async function recordDepositPayment(db: Db, payment: DepositPayment): Promise<DepositPaymentOutcome> {
  const now = payment.now ?? Date.now();
  const [pending] = await db.select().from(pendingDeposits).where(eq(pendingDeposits.id, payment.depositId));
  if (!pending) return { status: 'ignored', reason: `${payment.orderKey}: no visit waits for deposit ${payment.depositId}` };
  if (pending.customerId !== payment.customerId) return { status: 'ignored', reason: `${payment.orderKey}: deposit ${payment.depositId} is another customer's` };
  if (payment.paidCents <= 0) return { status: 'ignored', reason: `${payment.orderKey}: no deposit line` };

  if (pending.status === 'awaiting_payment' || pending.status === 'released') {
    const card = appointmentCardSchema.safeParse(pending.request);
    if (card.success) {
      const inTime = pending.status === 'awaiting_payment' && now < pending.expiresAt.getTime();
      try {
        const result = await createBooking(db, {
          actor: { userId: pending.customerId, role: 'customer' },
          customerId: pending.customerId,
          card: card.data,
          idempotencyKey: `deposit:${pending.id}`,
          bookingId: pending.id,
          holder: pending.holderHash,
          now,
          // Paid within the hold: the minimum notice counts from BOOK, as the held times did.
          ...(inTime ? { noticeFrom: pending.createdAt.getTime() } : {}),
          confirmationNote: depositPaidNote(pending.amountCents, 'checkout'),
          withinBooking: async (tx, bookingId) => {
            if (!(await claimOrder(tx, payment, 'booked'))) throw new OrderAlreadyRecorded();
            const spent = await spendUpTo(tx, pending.customerId, pending.creditCents, bookingId);
            await tx.update(pendingDeposits).set({ status: 'booked', bookingId, updatedAt: new Date(now) }).where(eq(pendingDeposits.id, pending.id));
            await tx.insert(deposits).values({ bookingId, customerId: pending.customerId, amountCents: payment.paidCents + spent, state: 'paid', orderRef: payment.orderKey });
          },
        });
        if (!result.replayed) return { status: 'deposit-booked', customerId: pending.customerId, bookingId: pending.id, confirmation: result.confirmation };
      } catch (error) {
        if (error instanceof OrderAlreadyRecorded) return { status: 'duplicate', customerId: pending.customerId };
        if (!refusedNow(error)) throw error;
        console.info(`[deposits] ${payment.orderKey}: the visit of deposit ${pending.id} cannot be booked now (${(error as ApiError).message}); the payment becomes credit`);
      }
    } else {
      console.error(`[deposits] deposit ${pending.id}: its stored request no longer reads as a booking; the payment becomes credit`);
    }
  }
  return creditPayment(db, pending, payment, now);
}

/** The credit the pending deposit counted on, as much of it as is still there (the rest was paid meanwhile). */
async function spendUpTo(tx: Tx, customerId: string, cents: number, bookingId: string): Promise<number> {
  if (cents <= 0) return 0;
  const spendable = Math.min(cents, await creditBalanceCents(tx, customerId));
  if (spendable > 0) await spendCredit(tx, { customerId, cents: spendable, reason: 'spent-on-deposit', bookingId });
  return spendable;
}

/** The payment as account credit ('late-payment'), with the customer's mail and the desk's log entry, once per order. */
async function creditPayment(db: Db, pending: PendingDepositRow, payment: DepositPayment, now: number): Promise<DepositPaymentOutcome> {
  return db.transaction(async (tx): Promise<DepositPaymentOutcome> => {
    if (!(await claimOrder(tx, payment, 'credited'))) return { status: 'duplicate', customerId: pending.customerId };
    // As it is now: another order for it may have booked the visit since it was read.
    const [current] = await tx.select({ status: pendingDeposits.status }).from(pendingDeposits).where(eq(pendingDeposits.id, pending.id)).for('update');
    const booked = current?.status === 'booked';
    await grantCredit(tx, { customerId: pending.customerId, cents: payment.paidCents, reason: 'late-payment' });
    if (!booked) await tx.update(pendingDeposits).set({ status: 'credited', updatedAt: new Date(now) }).where(eq(pendingDeposits.id, pending.id));
    const [customer] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, pending.customerId));
    const amount = formatMoneyCents(payment.paidCents);
    const why = booked ? 'that visit was already paid for and booked' : 'the times you chose were no longer free when the payment arrived';
    const mail = customer?.email
      ? await queueMail(
          tx,
          composeMail({
            to: customer.email,
            subject: `Your ${amount} deposit is credit on your ${SITE_NAME} account`,
            greeting: `Hi ${customer.name},`,
            blocks: [
              `We received your deposit of ${amount} (order ${payment.orderName ?? payment.orderKey}), but ${why}, so nothing was booked with it.`,
              `The ${amount} is credit on your account: your next deposit or package uses it first, and the salon takes it off a visit's price.`,
              { link: { label: 'Book a new time', url: `${env().SITE_URL}/booking/` } },
              { link: { label: 'Your account', url: `${env().SITE_URL}/account/` } },
            ],
            siteUrl: env().SITE_URL,
          }),
        )
      : null;
    await recordActivity(
      tx,
      { userId: null, name: 'Shop checkout' },
      {
        kind: 'deposits',
        action: 'late-payment',
        subject: customer ? `${customer.name}${customer.email ? ` (${customer.email})` : ''}` : pending.customerId,
        summary: `A deposit of ${amount} arrived after ${booked ? 'the visit was booked by an earlier payment' : 'its held times were gone'}: it is account credit, nothing was booked`,
        after: { depositId: pending.id, order: payment.orderKey, cents: payment.paidCents },
      },
    );
    return { status: 'deposit-credited', customerId: pending.customerId, cents: payment.paidCents, mail };
  });
}

/**
 * Ends the holds that ran out without a payment: each waiting deposit past its time is 'released' (its times were
 * held only as long, so they are free already). Run by the worker and before a deposit is read.
 */
export async function releaseExpiredDeposits(db: Db | Tx, now: Date = new Date(Date.now())): Promise<number> {
  const released = await db
    .update(pendingDeposits)
    .set({ status: 'released', updatedAt: now })
    .where(and(eq(pendingDeposits.status, 'awaiting_payment'), lte(pendingDeposits.expiresAt, now)))
    .returning({ id: pendingDeposits.id });
  return released.length;
}

export interface PendingDepositView {
  id: string;
  status: PendingDepositState;
  amountCents: number;
  creditCents: number;
  expiresAt: string;
  bookingId: string | null;
}

/** A customer's deposit as the confirmation page waits for it (released first if its hold ran out); undefined if none. */
export async function readPendingDeposit(db: Db, customerId: string, id: string, now: Date = new Date(Date.now())): Promise<PendingDepositView | undefined> {
  await releaseExpiredDeposits(db, now);
  const [row] = await db
    .select()
    .from(pendingDeposits)
    .where(and(eq(pendingDeposits.id, id), eq(pendingDeposits.customerId, customerId)));
  if (!row) return undefined;
  return { id: row.id, status: row.status, amountCents: row.amountCents, creditCents: row.creditCents, expiresAt: row.expiresAt.toISOString(), bookingId: row.bookingId };
}

/** The customer gave up the checkout: the deposit ends and its times are let go at once. False if it was not waiting. */
export async function abandonPendingDeposit(db: Db, customerId: string, id: string, now: Date = new Date(Date.now())): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(pendingDeposits)
      .set({ status: 'released', updatedAt: now })
      .where(and(eq(pendingDeposits.id, id), eq(pendingDeposits.customerId, customerId), eq(pendingDeposits.status, 'awaiting_payment')))
      .returning({ holder: pendingDeposits.holderHash });
    if (!row) return false;
    await releaseHolds(tx, row.holder);
    return true;
  });
}
