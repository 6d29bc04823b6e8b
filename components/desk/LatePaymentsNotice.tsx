import { formatMoneyCents } from '@/lib/catalog/format';
import Link from '@/components/ui/AppLink';
import { formatClock } from '@/lib/booking/clock';
import type { LatePayment } from '@/lib/deposits/late-payments';
import { formatPhone } from '@/lib/desk/phone';

/**
 * The day view's notice of deposits paid too late for this day (lib/deposits/late-payments.ts): the customer may think
 * the visit is booked and come in, so the desk sees it on the day it was asked for, with whom to call.
 */
export function LatePaymentsNotice({ payments }: { payments: readonly LatePayment[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="late-payments-heading" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="late-payments">
      <h3 id="late-payments-heading" className="font-semibold">
        Deposits paid too late: not booked
      </h3>
      <ul className="mt-1 space-y-1">
        {payments.map((payment) => (
          <li key={payment.depositId}>
            <Link href={`/desk/customers/${payment.customerId}/`} prefetch={false} className="font-semibold text-brand-800 underline">
              {payment.customerName}
            </Link>{' '}
            paid a {formatMoneyCents(payment.paidCents)} deposit for {payment.services.join(', ')} at {formatClock(payment.time)}, but the times were gone when the
            payment arrived: nothing is booked, and the {formatMoneyCents(payment.paidCents)} is their account credit (they were mailed).
            {payment.customerPhone ? ` Phone: ${formatPhone(payment.customerPhone)}.` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
