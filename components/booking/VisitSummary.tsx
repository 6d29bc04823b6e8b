import Link from '@/components/ui/AppLink';
import { formatMoneyCents, formatDuration, formatUsd } from '@/lib/catalog/format';
import { CANCELLATION_RULE, formatLocalDay, packageUseText, totalTimeText, type VisitSummary as Summary } from '@/lib/booking/visit-summary';
import { formatClock } from '@/lib/booking/clock';
import { depositRuleSentence } from '@/lib/deposits/rule';

/**
 * The visit in one place: each service with its time, therapist, duration and price (or the package that covers it),
 * the total price and time, and the cancellation rule. The booking page shows it above BOOK, the confirmation page
 * after booking; the confirmation mail says the same in text (summaryText).
 */
export function VisitSummary({ summary, heading, headingLevel = 2 }: { summary: Summary; heading: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const days = new Set(summary.lines.map((l) => l.localStart?.slice(0, 10)).filter(Boolean));
  return (
    <section aria-labelledby="visit-summary-heading" className="rounded-xl border border-brand-100 bg-white p-4" data-testid="visit-summary">
      <Heading id="visit-summary-heading" className="scroll-mt-20 text-xl font-semibold">
        {heading}
      </Heading>
      <ul className="mt-3 flex flex-col gap-3">
        {summary.lines.map((line, i) => (
          <li key={`${line.name}-${i}`} className="flex flex-col gap-0.5 border-b border-brand-50 pb-2">
            <span className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{line.name}</span>
              <span className={line.packageTitle ? 'text-sm font-semibold text-green-800' : 'font-semibold'}>
                {line.packageTitle ? `Covered by your package ${line.packageTitle}` : line.price === 0 ? 'Free' : formatUsd(line.price)}
              </span>
            </span>
            <span className="text-sm text-gray-800">
              {line.localStart ? (
                <>
                  {days.size > 1 ? `${formatLocalDay(line.localStart)}, ` : null}
                  {formatClock(line.localStart)}
                </>
              ) : (
                'Time not chosen yet'
              )}{' '}
              · {formatDuration(line.shownMinutes)} · {line.areaName} · {line.therapistName}
            </span>
          </li>
        ))}
      </ul>
      {summary.packageUses && summary.packageUses.length > 0 ? (
        <ul aria-label="What your packages cover" className="mt-3 flex flex-col gap-1 rounded-lg bg-green-50 p-3 text-sm font-semibold text-green-900">
          {summary.packageUses.map((use, i) => (
            <li key={`${use.title}/${use.serviceName}/${i}`}>{packageUseText(use)}</li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {days.size === 1 ? (
          <>
            <dt className="font-semibold">Day</dt>
            <dd>{formatLocalDay([...days][0]!)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Total time</dt>
        <dd data-testid="summary-total-time">{totalTimeText(summary)}</dd>
        <dt className="font-semibold">Total price</dt>
        <dd data-testid="summary-total-price" className="font-semibold">
          {formatUsd(summary.totalPrice)}
          {summary.covered > 0 ? <span className="font-normal"> ({summary.covered} covered by your packages)</span> : null}
        </dd>
        {summary.depositCents > 0 ? (
          <>
            <dt className="font-semibold">Deposit to book</dt>
            <dd data-testid="summary-deposit" className="font-semibold">
              {formatMoneyCents(summary.depositCents)}
            </dd>
          </>
        ) : null}
      </dl>
      {summary.depositCents > 0 ? (
        <p data-testid="summary-deposit-rule" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-950">
          {depositRuleSentence(summary.depositCents)}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-gray-800">
        {CANCELLATION_RULE}{' '}
        <Link href="/cancellation-policy/" className="font-semibold text-brand-700 underline">
          Cancellation policy
        </Link>
      </p>
    </section>
  );
}
