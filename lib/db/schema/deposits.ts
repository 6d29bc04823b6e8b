import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './booking';

/**
 * The deposit a service asks for when booked online (catalog_services.deposit, drizzle/0220): a fixed amount in cents
 * or a whole percentage of the service's price (rounded up to the dollar, lib/deposits/rule.ts). Null: none.
 */
export type DepositRuleData = { kind: 'fixed'; cents: number } | { kind: 'percent'; percent: number };

export const PENDING_DEPOSIT_STATES = ['awaiting_payment', 'booked', 'released', 'credited'] as const;
export type PendingDepositState = (typeof PENDING_DEPOSIT_STATES)[number];

/**
 * A visit waiting for its deposit (lib/deposits/): the id is the booking's reference, sent as the deposit cart's
 * `deposit` attribute. `request` is the booking request as the create path takes it, validated again when the payment
 * arrives; the holds of `holderHash` keep its times until `expiresAt`. `creditCents` is the account credit the deposit
 * uses (spent when the visit is booked); the cart's line is the rest. 'booked' sets `bookingId`; 'released' is a hold
 * that ran out or a checkout abandoned; 'credited' a payment that came too late for the times, turned into credit.
 */
export const pendingDeposits = pgTable(
  'pending_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    request: jsonb('request').notNull(),
    holderHash: text('holder_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    creditCents: integer('credit_cents').notNull().default(0),
    status: text('status', { enum: PENDING_DEPOSIT_STATES }).notNull().default('awaiting_payment'),
    cartId: text('cart_id'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_deposits_customer_idx').on(t.customerId, t.createdAt),
    index('pending_deposits_awaiting_idx').on(t.expiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    check('pending_deposits_status_check', sql`${t.status} in ('awaiting_payment', 'booked', 'released', 'credited')`),
    check('pending_deposits_amount_check', sql`${t.amountCents} > 0 and ${t.creditCents} >= 0 and ${t.creditCents} <= ${t.amountCents}`),
  ],
);
export type PendingDepositRow = typeof pendingDeposits.$inferSelect;

export const DEPOSIT_STATES = ['paid', 'credited', 'kept', 'waived'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/**
 * The deposit of a booked visit, one per booking: 'paid' when booked; 'credited' when the customer cancelled in time
 * (an account_credits row holds the money); 'kept' as the fee of a late cancellation or a no-show; 'waived' when staff
 * gave a kept fee back as credit. `orderRef` is the shop order that paid it (`shop-order:demo:1001`), or `credit`.
 * `decidedBy` is the staff member who waived it, null when the rule decided.
 */
export const deposits = pgTable(
  'deposits',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    state: text('state', { enum: DEPOSIT_STATES }).notNull().default('paid'),
    orderRef: text('order_ref').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_customer_idx').on(t.customerId),
    check('deposits_state_check', sql`${t.state} in ('paid', 'credited', 'kept', 'waived')`),
    check('deposits_amount_check', sql`${t.amountCents} > 0`),
  ],
);
export type DepositRow = typeof deposits.$inferSelect;

export const CREDIT_REASONS = ['deposit-credited', 'late-payment', 'spent-on-deposit', 'spent-on-package', 'waived-fee'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/**
 * The customer's account credit, in cents, one row per movement (+ credited, − spent): the balance is the sum
 * (lib/deposits/credit.ts). A booking's deposit turns into credit once: one 'deposit-credited' or 'waived-fee' row per
 * booking at most. `giftCardLast4` names the store gift card credit was moved onto for a package.
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    giftCardLast4: text('gift_card_last4'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_credits_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('account_credits_booking_once').on(t.bookingId).where(sql`${t.bookingId} is not null and ${t.reason} in ('deposit-credited', 'waived-fee')`),
    check('account_credits_reason_check', sql`${t.reason} in ('deposit-credited', 'late-payment', 'spent-on-deposit', 'spent-on-package', 'waived-fee')`),
    check('account_credits_sign_check', sql`${t.amountCents} <> 0 and (${t.amountCents} > 0) = (${t.reason} in ('deposit-credited', 'late-payment', 'waived-fee'))`),
  ],
);
export type AccountCreditRow = typeof accountCredits.$inferSelect;
