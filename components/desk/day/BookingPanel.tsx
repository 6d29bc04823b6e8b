'use client';

import Link from '@/components/ui/AppLink';
import { formatClock } from '@/components/booking/format';
import { bookHref, type DeskDay } from '@/lib/desk/day-shape';
import { useDeskDay, type DeskSelection } from '@/stores/desk-day';

/** A new booking from the day view: for now, the desk's booking page with the time chosen. */
export function BookingPanel({ day, selection }: { day: DeskDay; selection: Extract<DeskSelection, { kind: 'book' }> }) {
  const close = useDeskDay((s) => s.close);
  const therapist = day.columns.find((c) => c.therapistId === selection.therapistId);
  const href = selection.time && therapist ? bookHref(day.location.slug, day.date, selection.time, therapist.therapistId) : '/desk/book/';
  return (
    <div>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">New booking</h2>
        <button type="button" onClick={close} className="rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold">
          Close
        </button>
      </div>
      {selection.time && therapist ? (
        <p className="mt-1 text-sm">
          {formatClock(selection.time)} with {therapist.name}
        </p>
      ) : null}
      <Link href={href} prefetch={false} className="mt-3 inline-block font-semibold text-brand-800 underline">
        Find the customer
      </Link>
    </div>
  );
}
