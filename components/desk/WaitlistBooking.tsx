import Link from '@/components/ui/AppLink';
import { FormMessage } from '@/components/account/Field';
import { formatClock } from '@/lib/booking/clock';
import { formatLongDate } from '@/lib/booking/schedule';
import type { VisitTimeView } from '@/lib/booking/visit-availability';
import { wantedText } from '@/lib/booking/waitlist';
import { therapistById } from '@/lib/catalog/catalog';
import { customerPagePath } from '@/lib/desk/customer-schemas';
import { formatPhone } from '@/lib/desk/phone';
import type { DeskWaitlistEntry } from '@/lib/desk/waitlist-desk';
import type { FlashState } from '@/lib/forms/flash';
import { bookWaitlistAction } from './waitlist-actions';
import { SubmitButton } from './SubmitButton';

interface Props {
  entry: DeskWaitlistEntry;
  times: VisitTimeView[];
  /** The day's list to go back to. */
  list: string;
  answer?: FlashState;
}

const who = (ids: number[]) => ids.map((id) => therapistById(id)?.name ?? `Therapist ${id}`).join(' or ');

/**
 * The free times for a waitlist entry's services on its day, one to choose and book (a server action's form: radio
 * buttons and a button, so it works without scripts).
 */
export function WaitlistBooking({ entry, times, list, answer }: Props) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <p>
        <Link href={list} prefetch={false} className="text-brand-700 underline">
          Back to the waitlist
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">Book a time for {entry.customerName}</h1>
      <p className="break-words">
        {entry.locationName}, {formatLongDate(entry.date)}: {wantedText(entry)}.
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link href={customerPagePath(entry.customerId)} prefetch={false} className="text-brand-700 underline">
          Open {entry.customerName}
        </Link>
        {entry.customerPhone ? (
          <a href={`tel:${entry.customerPhone}`} className="text-brand-700 underline">
            Call {formatPhone(entry.customerPhone)}
          </a>
        ) : null}
      </p>
      <FormMessage message={answer?.outcome === 'error' ? answer.message : undefined} />
      {times.length === 0 ? (
        <p>No free time for these services on this day any more. The customer stays on the waitlist and hears of a freed time.</p>
      ) : (
        <form action={bookWaitlistAction} className="flex flex-col gap-4">
          <input type="hidden" name="entryId" value={entry.id} />
          <input type="hidden" name="location" value={String(entry.location)} />
          <input type="hidden" name="date" value={entry.date} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-lg font-semibold">Free times</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {times.map((time, i) => (
                <label key={time.start} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name="start" value={time.start} defaultChecked={i === 0} required className="mt-1.5 size-4" />
                  <span className="flex flex-col">
                    <span className="font-semibold">
                      {formatClock(time.time)} to {formatClock(time.endTime)}
                    </span>
                    <span className="text-sm text-stone-700">{time.legs.map((leg) => `${formatClock(leg.time)} with ${who(leg.therapistIds)}`).join('; ')}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <SubmitButton className="min-h-11 self-start rounded-full bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800" pendingText="Booking…">
            Book this time
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
