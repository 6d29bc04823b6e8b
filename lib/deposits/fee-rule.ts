/**
 * The late-cancellation fee (issue 37, item 3), pure: what becomes of a visit's deposit when the visit is cancelled
 * or missed, and the sentences that say so. The database side is lib/deposits/fee.ts.
 */
import { formatMoneyCents } from '@/lib/catalog/format';
import { DEPOSIT_CREDIT_HOURS } from './rule';

export type CancelledDeposit = 'credited' | 'kept';

/**
 * A cancellation 24 hours or more before the visit's first appointment turns the deposit into account credit; a
 * later one keeps it as the fee, unless the salon had asked the customer to move the visit (its own doing). The desk
 * cancelling on the customer's behalf (by phone) follows the same rule; staff may waive a kept fee afterwards.
 */
export function depositOnCancel(input: { startsAt: number; now: number; salonAsked: boolean }): CancelledDeposit {
  if (input.salonAsked) return 'credited';
  return input.startsAt - input.now >= DEPOSIT_CREDIT_HOURS * 3_600_000 ? 'credited' : 'kept';
}

export type DepositEvent = 'credited' | 'kept-late' | 'kept-no-show' | 'waived';

/** The sentence a mail, the account page or the desk gives for what happened to a deposit of `cents`. */
export function depositSentence(event: DepositEvent, cents: number): string {
  const amount = formatMoneyCents(cents);
  switch (event) {
    case 'credited':
      return `Your ${amount} deposit is now account credit: your next deposit or package uses it first.`;
    case 'kept-late':
      return `As the visit was cancelled less than ${DEPOSIT_CREDIT_HOURS} hours before it, the ${amount} deposit is kept as the late-cancellation fee.`;
    case 'kept-no-show':
      return `As we missed you at the visit, the ${amount} deposit is kept as the fee for a missed appointment.`;
    case 'waived':
      return `The salon has waived the fee: the ${amount} deposit is now account credit, which your next deposit or package uses first.`;
  }
}

/** What is left to pay at the salon for a visit, in cents: its price, less the package sessions and the deposit paid. */
export function leftToPayCents(input: { priceCents: number; packageCents: number; depositCents: number }): number {
  return Math.max(0, input.priceCents - input.packageCents - input.depositCents);
}
