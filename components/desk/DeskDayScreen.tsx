import Link from '@/components/ui/AppLink';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { formatDay } from '@/components/booking/format';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { nextDate, parseDateInLocationTz } from '@/lib/booking/dates';
import { hoursTableFrom } from '@/lib/catalog/hours';
import { deskDayPage, deskLocationBySlug, deskToday } from '@/lib/desk/day';
import { DayView } from './DayView';
import { LatePaymentsNotice } from './LatePaymentsNotice';
import { dayPath } from '@/lib/desk/day-form';

/** A location the desk does not know, or a date that is not a day ('2031-02-30', 'tomorrow'). */
export function NoSuchDay() {
  return (
    <MissingRecord heading="No such day" links={[{ href: '/desk/', label: 'Back to today' }, { href: '/desk/customers/', label: 'Find a customer' }]}>
      This address names no location or no real date. Pick the location and the date from today&rsquo;s view.
    </MissingRecord>
  );
}

/**
 * The day view of a location (the desk's home is SoHo today in New York): one line with the previous and next day and
 * a date form that works without scripts, then the day view (location tabs, counts, schedule), drawn on the server
 * from the same query the page polls.
 */
export async function DeskDayScreen({ location, date, path }: { location: string; date?: string; path: string }) {
  const staff = await requireStaffPage(path);
  const place = deskLocationBySlug(location);
  const today = deskToday();
  const day = date === undefined ? today : parseDateInLocationTz(date);
  if (!place || !day) return <NoSuchDay />;
  const { day: data, latePayments } = await deskDayPage(place, day);
  // Compact: on a 1024 x 768 tablet and a 390 px phone the grid starts in the first screen, under one line of day
  // controls; the location tabs and their counts sit in the day view, which keeps them current.
  return (
    <div className="mx-auto w-full max-w-7xl px-2 py-2 sm:px-4">
      <h1 className="sr-only">Front desk</h1>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold leading-tight">
          {place.name}, {formatDay(day)}
          {day === today ? <span className="ml-1 text-sm font-normal text-stone-700">(today)</span> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-1.5 text-sm">
          <Link href={dayPath(place.slug, nextDate(day, -1))} prefetch={false} className="rounded border border-stone-300 px-2.5 py-1.5 font-semibold text-brand-800">
            <span aria-hidden="true">‹</span>
            <span className="sr-only sm:not-sr-only"> Previous day</span>
          </Link>
          <Link href={dayPath(place.slug, nextDate(day))} prefetch={false} className="rounded border border-stone-300 px-2.5 py-1.5 font-semibold text-brand-800">
            <span className="sr-only sm:not-sr-only">Next day </span>
            <span aria-hidden="true">›</span>
          </Link>
          {day !== today ? (
            <Link href={dayPath(place.slug, today)} prefetch={false} className="rounded border border-stone-300 px-2.5 py-1.5 font-semibold text-brand-800">
              Today
            </Link>
          ) : null}
          <form action="/desk/day/" method="get" className="flex items-center gap-1.5">
            <input type="hidden" name="location" value={place.slug} />
            <label className="flex items-center gap-1">
              <span className="sr-only font-semibold sm:not-sr-only">Date</span>
              <input type="date" name="date" defaultValue={day} required className="rounded border border-stone-400 px-1.5 py-1" />
            </label>
            <button type="submit" className="rounded bg-brand-800 px-2.5 py-1.5 font-semibold text-white">
              Show
            </button>
          </form>
        </div>
      </div>
      <p className="hidden text-right text-xs text-stone-700 lg:block lg:-mt-1">Signed in as {staff.name}.</p>
      <p className="sr-only">Times are New York time. Choose a free quarter hour to book it, or a visit to act on it.</p>
      <LatePaymentsNotice payments={latePayments} />
      <div className="mt-2">
        <DayView initial={data} hours={hoursTableFrom(place.id, today)} />
      </div>
    </div>
  );
}
