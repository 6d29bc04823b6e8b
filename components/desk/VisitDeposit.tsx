import { formatMoneyCents } from '@/lib/catalog/format';
import type { FlashState } from '@/lib/forms/flash';
import type { VisitMoney } from '@/lib/deposits/visit-money';
import { Flash } from './ScheduleParts';
import { waiveFeeAction } from './deposit-actions';
import { SubmitButton } from './SubmitButton';

const STATE_TEXT = {
  paid: 'paid online, held for this visit',
  credited: 'credited to the customer’s account (cancelled in time)',
  kept: 'kept as the fee (late cancellation or no-show)',
  waived: 'fee waived: credited to the customer’s account',
} as const;

/**
 * A visit's money at the desk: the deposit and its state, and what is left to pay at the salon (price − deposit −
 * packages). A kept fee can be waived here, into the customer's credit.
 */
export function VisitDeposit({ money, bookingId, appointmentId, flash }: { money: VisitMoney; bookingId: string; appointmentId: string; flash: FlashState | undefined }) {
  const { deposit } = money;
  return (
    <section id="deposit" aria-labelledby="deposit-heading" className="mt-6 scroll-mt-4">
      <h2 id="deposit-heading" className="text-lg font-bold">
        Payment
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:text-base">
        <dt className="font-semibold">Deposit</dt>
        <dd data-testid="visit-deposit">{deposit ? `${formatMoneyCents(deposit.amountCents)}, ${STATE_TEXT[deposit.state]}` : 'None'}</dd>
        <dt className="font-semibold">Left to pay at the salon</dt>
        <dd data-testid="visit-left-to-pay">
          {formatMoneyCents(money.leftCents)}
          <span className="text-stone-700">
            {' '}
            (services {formatMoneyCents(money.priceCents)}
            {money.packageCents > 0 ? `, − packages ${formatMoneyCents(money.packageCents)}` : ''}
            {deposit?.state === 'paid' ? `, − deposit ${formatMoneyCents(deposit.amountCents)}` : ''})
          </span>
        </dd>
      </dl>
      {deposit?.state === 'paid' ? (
        <p className="mt-2 text-sm text-stone-700">
          Cancelled 24 hours or more ahead, the deposit becomes the customer&rsquo;s credit; cancelled later (here too) or a no-show, it is kept as the
          fee, which you can then waive.
        </p>
      ) : null}
      {deposit?.state === 'kept' ? (
        <form action={waiveFeeAction} className="mt-3">
          <input type="hidden" name="bookingId" value={bookingId} />
          <input type="hidden" name="appointmentId" value={appointmentId} />
          <SubmitButton className="rounded border border-brand-700 px-4 py-2 font-semibold text-brand-800">
            Waive the fee (credit {formatMoneyCents(deposit.amountCents)})
          </SubmitButton>
        </form>
      ) : null}
      <Flash state={flash} />
    </section>
  );
}
