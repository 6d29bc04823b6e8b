'use client';

import Link from '@/components/ui/AppLink';
import { countVisits, type DayCounts as Counts, type DeskDay } from '@/lib/desk/day-shape';
import { useAttendances } from './day-data';

function dayPath(location: string, date: string): string {
  return `/desk/day/${location}/${date}/`;
}

/** The counts of this location's day, pending marks included: what the desk sees change as it taps. */
function useCounts(day: DeskDay): Counts {
  return countVisits(useAttendances(day));
}

/** The locations as tabs, each with its visits booked and still to come that day (this one's live). */
export function LocationTabs({ day }: { day: DeskDay }) {
  const mine = useCounts(day);
  return (
    <nav aria-label="Locations">
      <ul className="flex flex-wrap gap-1.5 text-sm font-semibold">
        {day.locations.map((l) => {
          const current = l.slug === day.location.slug;
          const counts = current ? mine : l.counts;
          return (
            <li key={l.slug}>
              <Link
                href={dayPath(l.slug, day.date)}
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className={`inline-block rounded border px-2.5 py-1.5 ${current ? 'border-brand-800 bg-brand-800 text-white' : 'border-stone-300 text-brand-800'}`}
              >
                {l.name}
                <span className={`ml-1.5 text-xs font-normal ${current ? 'text-white' : 'text-stone-700'}`} data-location-counts={l.slug}>
                  <span className="sr-only">: </span>
                  {counts.booked}
                  <span className="sr-only sm:not-sr-only"> booked</span>, {counts.toCome} to come
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** This location's day in five numbers, above the grid. */
export function DayCounts({ day }: { day: DeskDay }) {
  const counts = useCounts(day);
  const items: [string, number, string][] = [
    ['Booked', counts.booked, 'booked'],
    ['Arrived', counts.arrived, 'arrived'],
    ['Completed', counts.completed, 'completed'],
    ['No-show', counts.noShow, 'no-show'],
    ['To come', counts.toCome, 'to-come'],
  ];
  return (
    <dl aria-label={`Visits at ${day.location.name}`} className="flex flex-wrap gap-x-2.5 gap-y-0.5 text-xs sm:text-sm">
      {items.map(([label, value, key]) => (
        <div key={key} className="flex gap-1" data-count={key}>
          <dt className="text-stone-700">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
