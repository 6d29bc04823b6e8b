'use client';

import { lazy, Suspense } from 'react';
import type { HoursTable } from '@/lib/catalog/day-hours';
import type { DeskDay } from '@/lib/desk/day-shape';
import { useDeskDay } from '@/stores/desk-day';

// Loaded on the first tap that needs them: the grid is what the day view paints first.
const VisitPanel = lazy(() => import('./VisitPanel').then((m) => ({ default: m.VisitPanel })));
const BookingPanel = lazy(() => import('./BookingPanel').then((m) => ({ default: m.BookingPanel })));

/**
 * The panel beside the grid (below it on a narrow screen): the visit tapped, or the booking being made. Empty, it
 * takes no room, so the grid keeps the whole width. Beside the grid it is as high as the grid may be (--day-fit,
 * DayView) and scrolls inside itself.
 */
export function DaySide({ day, hours }: { day: DeskDay; hours: HoursTable }) {
  const selection = useDeskDay((s) => s.selection);
  if (!selection) return null;
  return (
    <aside
      aria-label={selection.kind === 'visit' ? 'Visit' : 'New booking'}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[70dvh] overflow-y-auto border-t border-stone-300 bg-white p-4 shadow-2xl lg:sticky lg:top-20 lg:z-auto lg:max-h-(--day-fit) lg:w-80 lg:shrink-0 lg:rounded lg:border lg:shadow-none"
    >
      <Suspense fallback={<p className="text-sm text-stone-700">Loading…</p>}>
        {selection.kind === 'visit' ? (
          <VisitPanel key={selection.appointmentId} day={day} appointmentId={selection.appointmentId} hours={hours} />
        ) : (
          // A walk-in and a booking ask for different details: switching between them starts the panel afresh.
          <BookingPanel key={selection.walkIn ? 'walk-in' : 'booking'} day={day} selection={selection} />
        )}
      </Suspense>
    </aside>
  );
}
