import Link from '@/components/ui/AppLink';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { formatDay } from '@/components/booking/format';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { nextDate, parseDateInLocationTz } from '@/lib/booking/dates';
import { LOCATIONS } from '@/lib/catalog/tables';
import { getDb } from '@/lib/db';
import { deskLocationBySlug, deskToday, readDeskDay } from '@/lib/desk/day';
import { DayView } from './DayView';

/** A location the desk does not know, or a date that is not a day ('2031-02-30', 'tomorrow'). */
export function NoSuchDay() {
  return (
    <MissingRecord heading="No such day" links={[{ href: '/desk/', label: 'Back to today' }, { href: '/desk/customers/', label: 'Find a customer' }]}>
      This address names no location or no real date. Pick the location and the date from today&rsquo;s view.
    </MissingRecord>
  );
}

export function dayPath(location: string, date: string): string {
  return `/desk/day/${location}/${date}/`;
}

/**
 * The day view of a location (the desk's home is SoHo today in New York): the header with the location's tabs,
 * the previous and next day and a date form that works without scripts, then the schedule, drawn on the server from
 * the same query the page polls.
 */
export async function DeskDayScreen({ location, date, path }: { location: string; date?: string; path: string }) {
  const staff = await requireStaffPage(path);
  const place = deskLocationBySlug(location);
  const today = deskToday();
  const day = date === undefined ? today : parseDateInLocationTz(date);
  if (!place || !day) return <NoSuchDay />;
  const data = await readDeskDay(await getDb(), place, day);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold">Front desk</h1>
      <p className="mt-1 text-stone-700">Signed in as {staff.name}.</p>
      <nav aria-label="Locations" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {LOCATIONS.map((l) => (
            <li key={l.id}>
              <Link
                href={dayPath(l.slug, day)}
                prefetch={false}
                aria-current={l.id === place.id ? 'page' : undefined}
                className={`inline-block rounded border px-3 py-2 ${l.id === place.id ? 'border-brand-800 bg-brand-800 text-white' : 'border-stone-300 text-brand-800'}`}
              >
                {l.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 flex flex-wrap items-end gap-x-4 gap-y-3">
        <h2 className="text-xl font-semibold">
          {place.name}, {formatDay(day)}
          {day === today ? <span className="ml-2 text-base font-normal text-stone-700">(today)</span> : null}
        </h2>
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <Link href={dayPath(place.slug, nextDate(day, -1))} prefetch={false} className="rounded border border-stone-300 px-3 py-2 font-semibold text-brand-800">
            <span aria-hidden="true">‹ </span>Previous day
          </Link>
          <Link href={dayPath(place.slug, nextDate(day))} prefetch={false} className="rounded border border-stone-300 px-3 py-2 font-semibold text-brand-800">
            Next day<span aria-hidden="true"> ›</span>
          </Link>
          {day !== today ? (
            <Link href={dayPath(place.slug, today)} prefetch={false} className="rounded border border-stone-300 px-3 py-2 font-semibold text-brand-800">
              Today
            </Link>
          ) : null}
          <form action="/desk/day/" method="get" className="flex items-end gap-2">
            <input type="hidden" name="location" value={place.slug} />
            <label className="flex flex-col">
              <span className="font-semibold">Date</span>
              <input type="date" name="date" defaultValue={day} required className="rounded border border-stone-400 px-2 py-1.5" />
            </label>
            <button type="submit" className="rounded bg-brand-800 px-3 py-2 font-semibold text-white">
              Show
            </button>
          </form>
        </div>
      </div>
      <p className="mt-2 text-sm text-stone-700">Times are New York time. Choose a free quarter hour to book it, or a visit to change it.</p>
      <div className="mt-4">
        <DayView initial={data} />
      </div>
    </div>
  );
}
