'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { DateInLocationTz } from '@/lib/booking/dates';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { formatClock, formatDay, formatShortDay } from './format';
import { nextDaysWithTime } from './next-days';
import { fetchSlots, NO_SLOTS_ERROR, slotsKey, type MovingAppointment, type SlotsAnswer } from './slots-client';
import { LazyWaitlistOffer } from './LazyWaitlistOffer';
import { TimeGoneNotice } from './TimeGoneNotice';

export interface TimePickerProps {
  /** Used for ids and labels. */
  name: string;
  label: string;
  location: string;
  areaId: number;
  therapistId: number;
  date: string;
  duration: number;
  lastDay: string;
  value: string | undefined;
  onChange: (time: string | undefined) => void;
  onPickDate: (date: string) => void;
  /** A reschedule: the appointment being moved, which does not stand in its own way. */
  moving?: MovingAppointment;
  /** The area's services: only therapists who do them all are offered. */
  serviceIds?: readonly string[];
}

/**
 * The free times of one day, fetched with SWR (refetched when the window regains focus). A day without any free time
 * closes the picker, says so (error code 1) and offers the next days that have time.
 */
export function TimePicker({ name, label, location, areaId, therapistId, date, duration, lastDay, value, onChange, onPickDate, moving, serviceIds }: TimePickerProps) {
  const key = slotsKey(location, areaId, therapistId, date, duration, moving, serviceIds);
  const { data, error, isLoading, mutate } = useSWR<SlotsAnswer>(key, fetchSlots, { revalidateOnFocus: true, keepPreviousData: false });
  const slots = data?.slots ?? [];
  const empty = data !== undefined && slots.length === 0;

  // A chosen time that the latest answer no longer lists (someone else took it, or a shared link's time) is dropped,
  // and the customer is told which, until they choose another.
  const [gone, setGone] = useState<string>();
  useEffect(() => {
    if (data && value && !data.slots.some((slot) => slot.time === value)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer came from SWR; this says what it dropped
      setGone(value);
      onChange(undefined);
    }
  }, [data, value, onChange]);

  if (!key) return <p className="text-sm text-gray-700">Choose a date to see the free times.</p>;
  if (isLoading) return <LoadingStatus className="text-sm text-gray-700">Loading free times…</LoadingStatus>;
  if (error) {
    return (
      <div role="alert" className="text-sm text-red-800">
        <p>{error instanceof Error ? error.message : 'The free times could not be loaded.'}</p>
        <button type="button" onClick={() => void mutate()} className="mt-1 font-semibold underline">
          Try again
        </button>
      </div>
    );
  }
  if (empty) {
    return (
      <div>
        <NoTimeThatDay
          date={date}
          closure={data.closure}
          lastDay={lastDay}
          onPickDate={onPickDate}
          hasTime={async (day) => (await fetchSlots(slotsKey(location, areaId, therapistId, day, duration, moving, serviceIds)!)).slots.length > 0}
        />
        {/* Nothing frees up on a day the salon is closed: no waitlist to offer. */}
        {data.closure ? null : <LazyWaitlistOffer wish={{ location, date, kind: 'area', areas: [{ areaId, therapistId, minutes: duration }] }} />}
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      {gone && !value ? <TimeGoneNotice time={formatClock(gone)} className="mb-2" /> : null}
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {slots.map((slot) => {
          const id = `${name}-${slot.time.replace(':', '')}`;
          const checked = value === slot.time;
          return (
            <div key={slot.start}>
              <input
                type="radio"
                id={id}
                name={name}
                value={slot.time}
                checked={checked}
                onChange={() => {
                  setGone(undefined);
                  onChange(slot.time);
                }}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className="block cursor-pointer rounded-lg border border-brand-600 px-2 py-2 text-center text-sm font-semibold text-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
              >
                {formatClock(slot.time)}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function NoTimeThatDay({
  date,
  closure,
  lastDay,
  onPickDate,
  hasTime,
}: {
  date: string;
  closure: string | undefined;
  lastDay: string;
  onPickDate: (date: string) => void;
  hasTime: (date: DateInLocationTz) => Promise<boolean>;
}) {
  const [next, setNext] = useState<{ for: string; days: string[] } | null>(null);
  useEffect(() => {
    let live = true;
    void nextDaysWithTime(date as DateInLocationTz, hasTime, { last: lastDay as DateInLocationTz }).then((days) => {
      if (live) setNext({ for: date, days });
    });
    return () => {
      live = false;
    };
    // hasTime is rebuilt every render; the search depends on the day and the query only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, lastDay]);
  const days = next?.for === date ? next.days : null;
  return (
    <div role="status" data-error-code={NO_SLOTS_ERROR} className="rounded-lg bg-brand-50 p-3 text-sm">
      <p className="font-semibold">{closure ? `The salon is closed on ${formatDay(date)} (${closure}).` : `There are no free times on ${formatDay(date)}.`}</p>
      {days === null ? (
        <p className="mt-1">Looking for the next days with free times…</p>
      ) : days.length === 0 ? (
        <p className="mt-1">No free times in the next three weeks. Please try another therapist or call the salon.</p>
      ) : (
        <>
          <p className="mt-1">These days have free times:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {days.map((day) => (
              <li key={day}>
                <button
                  type="button"
                  onClick={() => onPickDate(day)}
                  className="rounded-lg border border-brand-600 bg-white px-3 py-2 font-semibold text-brand-700"
                >
                  {formatShortDay(day)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
