'use client';

import Link from '@/components/ui/AppLink';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { formatClock } from '@/components/booking/format';
import { utcMsToLocal } from '@/lib/booking/dates';
import type { HoursTable } from '@/lib/catalog/day-hours';
import { bookHref, hhmm, type DeskDay } from '@/lib/desk/day-shape';
import { useDeskDay } from '@/stores/desk-day';
import { DayCounts, LocationTabs } from './day/DayCounts';
import { DAY_REFRESH_MS, dayKey, fetchDay } from './day/day-data';
import { DaySide } from './day/DaySide';
import { DraftBlocks } from './day/DraftBlocks';
import { plainClick, VisitBlock } from './day/VisitBlock';
import { weekPath } from './day/week-path';

import { ToResolve } from './day/ToResolve';

/** Pixels per minute of the grid: a quarter hour is 36 px, two lines of text and a finger's width. */
const PX = 2.4;
/** The New York wall-clock minute now, once mounted (the server's and the browser's clocks differ, so not at first paint). */
function useNowMinute(date: string): number | undefined {
  const [minute, setMinute] = useState<number>();
  useEffect(() => {
    const tick = () => {
      const local = utcMsToLocal(Date.now());
      setMinute(local.slice(0, 10) === date ? Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)) : undefined);
    };
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, [date]);
  return minute;
}

/**
 * The grid and the panel beside it fit the screen below the day's controls (each scrolls inside itself), so a tablet
 * shows the controls, the grid and the panel's Book button without scrolling the page: on a 1024 x 768 tablet the
 * panel's Book button sat at 930 px and every booking ended with the page scrolled to its footer. The distance from
 * the top of the page goes to --day-top, measured again when anything above changes (the day's notices) or the
 * screen does; without scripts the grid is a screen high less 4rem, as before.
 */
function useFitToScreen() {
  const row = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => element.style.setProperty('--day-top', `${Math.round(element.getBoundingClientRect().top + window.scrollY)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return row;
}

/** What the grid and the panel beside it may take of the screen's height (--day-fit); at least 20rem on a short screen. */
const FITTED_HEIGHT = 'max(20rem, calc(100dvh - var(--day-top, 4rem) - 0.75rem))';

/**
 * The day of one location: a column per therapist rostered (or booked) that day over the opening hours, each visit a
 * block that opens the appointment, each free quarter hour a link to book it, a line for now. The grid scrolls inside
 * itself on a narrow screen; the page never scrolls sideways. Drawn first from the server's answer, then polled.
 */
export function DayView({ initial, hours: table }: { initial: DeskDay; hours: HoursTable }) {
  const select = useDeskDay((s) => s.select);
  const close = useDeskDay((s) => s.close);
  // The panel belongs to the day it was opened on: another day or location is another page, and this one leaving
  // closes it (a visit's panel said its visit was 'moved or cancelled' on the next day).
  useEffect(() => close, [close]);
  const row = useFitToScreen();
  const { data, error } = useSWR<DeskDay>(dayKey(initial.location.slug, initial.date), fetchDay, {
    fallbackData: initial,
    refreshInterval: DAY_REFRESH_MS,
    revalidateOnFocus: true,
    revalidateOnMount: false,
  });
  const day = data ?? initial;
  const nowMinute = useNowMinute(day.date);
  const scrollBox = useRef<HTMLDivElement>(null);
  const scrolledToNow = useRef(false);
  // Today opens at now (half an hour before it in view), not at the opening hour: what is past matters least.
  useEffect(() => {
    if (nowMinute === undefined || scrolledToNow.current || !scrollBox.current) return;
    scrolledToNow.current = true;
    scrollBox.current.scrollTop = Math.max(0, (nowMinute - 30 - day.open.startMinute) * PX);
  }, [nowMinute, day.open.startMinute]);
  const { startMinute, endMinute } = day.open;
  const hours: number[] = [];
  for (let m = Math.ceil(startMinute / 60) * 60; m < endMinute; m += 60) hours.push(m);
  const height = (endMinute - startMinute) * PX;
  const columns = `3.75rem repeat(${Math.max(day.columns.length, 1)}, minmax(8.5rem, 1fr))`;

  return (
    <div>
      <LocationTabs day={day} />
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <DayCounts day={day} />
        {/* Both open a panel only a script draws; without one, a free quarter hour links to the booking page. */}
        <div className="flex gap-1.5" data-needs-script="">
          <button type="button" onClick={() => select({ kind: 'book' })} className="rounded bg-brand-800 px-3 py-1.5 text-sm font-semibold text-white">
            New booking
          </button>
          <button type="button" onClick={() => select({ kind: 'book', walkIn: true })} className="rounded border border-brand-800 px-3 py-1.5 text-sm font-semibold text-brand-800">
            Walk-in
          </button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mb-2 text-sm text-red-800">
          {error instanceof Error ? error.message : 'The day could not be refreshed.'}
        </p>
      ) : null}
      {day.closed ? (
        <p className="mb-3 rounded border border-amber-700 bg-amber-50 p-3 font-semibold text-stone-900">
          {day.location.name} is closed: {day.closed}. No times are offered; visits booked before the closure are shown to be moved.
        </p>
      ) : null}
      <ToResolve day={day} dataKey={dayKey(initial.location.slug, initial.date)} />
      <div ref={row} className="mt-2 flex items-start gap-3" style={{ '--day-fit': FITTED_HEIGHT } as CSSProperties}>
      <div className="min-w-0 flex-1">
      {day.columns.length === 0 ? (
        <p className="rounded border border-stone-200 p-4 text-stone-700">Nobody is rostered at {day.location.name} on this day.</p>
      ) : (
        // Its own scroll box, a screen high and apart from the page's layers (isolate): the therapists' names stay on
        // top and the hours on the left while it scrolls either way, and neither slides over the site's header.
        <div
          ref={scrollBox}
          role="region"
          aria-label={`Schedule at ${day.location.name}`}
          tabIndex={0}
          className="isolate max-h-(--day-fit) max-w-full overflow-auto rounded border border-stone-200 focus:outline-2 focus:outline-brand-700"
        >
          <div className="grid min-w-max" style={{ gridTemplateColumns: columns }}>
            <div className="sticky left-0 top-0 z-40 border-b border-stone-200 bg-stone-50" />
            {day.columns.map((column) => (
              <div key={column.therapistId} className="sticky top-0 z-30 border-b border-l border-stone-200 bg-stone-50 px-2 py-1.5 text-sm font-semibold" data-therapist={column.therapistId}>
                <Link
                  href={weekPath(day.location.slug, column.therapistId, day.date)}
                  prefetch={false}
                  aria-label={`${column.name}: week`}
                  className="text-brand-800 underline decoration-stone-400 underline-offset-2"
                >
                  {column.name}
                </Link>
                {column.shift ? null : <span className="block text-xs font-normal text-stone-700">Not rostered</span>}
              </div>
            ))}
            <div className="sticky left-0 z-30 bg-white" style={{ height }} aria-hidden="true">
              {hours.map((m) => (
                // Each hour's label sits centred on its line; the opening hour's hangs below the top edge instead.
                <span key={m} data-hour-label className={`absolute right-1 whitespace-nowrap text-xs text-stone-700 ${m === startMinute ? '' : '-translate-y-1/2'}`} style={{ top: (m - startMinute) * PX }}>
                  {formatClock(`${String(m / 60).padStart(2, '0')}:00`)}
                </span>
              ))}
            </div>
            {day.columns.map((column) => (
              <div
                key={column.therapistId}
                className="relative border-l border-stone-200"
                style={{
                  height,
                  backgroundImage: `repeating-linear-gradient(to bottom, rgb(231 229 228) 0 1px, transparent 1px ${60 * PX}px)`,
                  backgroundPosition: `0 ${((60 - (startMinute % 60)) % 60) * PX}px`,
                }}
              >
                <h3 className="sr-only">{column.name}</h3>
                {column.shift ? null : <div className="absolute inset-0 bg-stone-100" aria-hidden="true" />}
                {column.shift && column.shift.startMinute > startMinute ? (
                  <div className="absolute inset-x-0 top-0 bg-stone-100" style={{ height: (column.shift.startMinute - startMinute) * PX }} aria-hidden="true" />
                ) : null}
                {column.shift && column.shift.endMinute < endMinute ? (
                  <div className="absolute inset-x-0 bottom-0 bg-stone-100" style={{ height: (endMinute - column.shift.endMinute) * PX }} aria-hidden="true" />
                ) : null}
                {column.timeOff.map((t) => (
                  <div
                    key={t.startMinute}
                    className="absolute inset-x-0 bg-stone-200 px-1.5 text-xs font-semibold text-stone-800"
                    style={{ top: (t.startMinute - startMinute) * PX, height: (t.endMinute - t.startMinute) * PX }}
                  >
                    Time off {formatClock(hhmm(t.startMinute))}–{formatClock(hhmm(t.endMinute))}
                  </div>
                ))}
                {day.blocks
                  .filter((block) => block.therapistId === column.therapistId)
                  .map((block) => (
                    <VisitBlock key={block.id} block={block} top={(block.startMinute - startMinute) * PX} px={PX} />
                  ))}
                <DraftBlocks therapistId={column.therapistId} startMinute={startMinute} px={PX} />
                {nowMinute !== undefined && nowMinute >= startMinute && nowMinute <= endMinute ? (
                  <div data-now-line aria-hidden="true" className="pointer-events-none absolute inset-x-0 z-20 border-t-2 border-red-600" style={{ top: (nowMinute - startMinute) * PX }} />
                ) : null}
                {column.free.map((time) => {
                  const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
                  return (
                    <Link
                      key={time}
                      href={bookHref(day.location.slug, day.date, time, column.therapistId)}
                      prefetch={false}
                      onClick={(event) => {
                        if (!plainClick(event)) return;
                        event.preventDefault();
                        select({ kind: 'book', therapistId: column.therapistId, time });
                      }}
                      data-free={time}
                      // Drawn, not only on hover: a touch screen has none. Each quarter hour is a finger's height, and
                      // touching cells make one soft band per stretch of free time.
                      className="absolute inset-x-0.5 block border-l-2 border-emerald-300 bg-emerald-50/70 hover:bg-emerald-100 focus:z-20 focus:bg-emerald-100 focus:outline-2 focus:outline-brand-700"
                      style={{ top: (minute - startMinute) * PX, height: 15 * PX }}
                    >
                      <span className="sr-only">
                        Book {formatClock(time)} with {column.name}
                      </span>
                      <span aria-hidden="true" className="px-1 text-xs leading-8 text-emerald-900">
                        + {formatClock(time)}
                      </span>
                    </Link>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}
      </div>
      <DaySide day={day} hours={table} />
      </div>
      {day.cancelled.length > 0 ? (
        <section className="mt-6" aria-labelledby="cancelled-heading">
          <h2 id="cancelled-heading" className="font-semibold">
            Cancelled this day
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {day.cancelled.map((block) => (
              <li key={block.id}>
                <Link href={`/desk/appointments/${block.id}/`} prefetch={false} className="text-brand-800 underline">
                  {formatClock(block.start)} {block.customerName}: {block.services.join(', ')}
                </Link>{' '}
                <span className="text-stone-700">({day.columns.find((c) => c.therapistId === block.therapistId)?.name ?? 'therapist'}, cancelled)</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
