import Link from '@/components/ui/AppLink';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { formatClock, formatDay } from '@/components/booking/format';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { nextDate, parseDateInLocationTz } from '@/lib/booking/dates';
import { therapistById } from '@/lib/catalog/catalog';
import { deskLocationBySlug } from '@/lib/desk/day';
import { ATTENDANCE_LABEL, hhmm } from '@/lib/desk/day-shape';
import { therapistWeek, weekStart } from '@/lib/desk/week';
import { weekPath } from './week-path';

function NoSuchWeek() {
  return (
    <MissingRecord heading="No such week" links={[{ href: '/desk/', label: 'Back to today' }, { href: '/desk/rosters/', label: 'Rosters' }]}>
      This address names no location, therapist or real date. Open a therapist&rsquo;s week from their name on the day view.
    </MissingRecord>
  );
}

const span = (start: number, end: number) => `${formatClock(hhmm(start))} to ${formatClock(hhmm(end))}`;

/**
 * A therapist's week at a location, Monday to Sunday: each day's shift (or none), time off and visits, each visit a
 * link to its page and each day a link to the day view. A list on a phone, seven columns from a tablet up.
 */
export async function TherapistWeekScreen({ location, therapist, date, path }: { location: string; therapist: string; date: string; path: string }) {
  await requireStaffPage(path);
  const place = deskLocationBySlug(location);
  const day = parseDateInLocationTz(date);
  const id = /^\d{1,6}$/.test(therapist) ? Number(therapist) : undefined;
  const person = id === undefined ? undefined : therapistById(id);
  if (!place || !day || !person) return <NoSuchWeek />;
  const week = await therapistWeek(place, person.id, day);
  const monday = weekStart(day);
  return (
    <div className="mx-auto w-full max-w-7xl px-2 py-3 sm:px-4">
      <h1 className="text-xl font-bold">
        {person.name} at {place.name}, week of {formatDay(monday)}
      </h1>
      <div className="mt-2 flex flex-wrap gap-1.5 text-sm font-semibold">
        <Link href={`/desk/day/${place.slug}/${day}/`} prefetch={false} className="rounded border border-stone-300 px-2.5 py-1.5 text-brand-800">
          Back to the day
        </Link>
        <Link href={weekPath(place.slug, person.id, nextDate(monday, -7))} prefetch={false} className="rounded border border-stone-300 px-2.5 py-1.5 text-brand-800">
          <span aria-hidden="true">‹ </span>Previous week
        </Link>
        <Link href={weekPath(place.slug, person.id, nextDate(monday, 7))} prefetch={false} className="rounded border border-stone-300 px-2.5 py-1.5 text-brand-800">
          Next week<span aria-hidden="true"> ›</span>
        </Link>
      </div>
      <ol className="mt-3 grid grid-cols-1 gap-2 md:grid-cols-7">
        {week.map((d) => (
          <li key={d.date} className="min-w-0 rounded border border-stone-200 p-2 text-sm" data-week-day={d.date}>
            <h2 className="font-semibold">
              <Link href={`/desk/day/${place.slug}/${d.date}/`} prefetch={false} className="text-brand-800 underline">
                {formatDay(d.date)}
              </Link>
            </h2>
            <p className="text-stone-800">
              {d.closed ? `Closed: ${d.closed}` : d.column?.shift ? `Shift ${span(d.column.shift.startMinute, d.column.shift.endMinute)}` : 'Not rostered'}
            </p>
            {d.column?.timeOff.map((t) => (
              <p key={t.startMinute} className="mt-1 rounded bg-stone-200 px-1.5 font-semibold text-stone-800">
                Time off {span(t.startMinute, t.endMinute)}
              </p>
            ))}
            {d.visits.length > 0 ? (
              <ul className="mt-1 space-y-1">
                {d.visits.map((v) => (
                  <li key={v.id}>
                    <Link href={`/desk/appointments/${v.id}/`} prefetch={false} className="block rounded border-l-4 border-brand-700 bg-stone-50 px-1.5 py-0.5 hover:underline">
                      <span className="font-semibold">{formatClock(v.start)}</span> {v.customerName}
                      <span className="block truncate text-stone-700">
                        {v.services.join(', ')}
                        {v.attendance ? ` · ${ATTENDANCE_LABEL[v.attendance]}` : ''}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-stone-700">No visits</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
