'use client';

import { useContext, useEffect, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { tooLongVisitSentence } from '@/lib/booking/visit-limits';
import { formatClock, formatDay } from './format';
import { fetchVisit, type VisitAnswer, type VisitAreaRequest, type VisitTime } from './visit-client';
import { firstFreeDay, firstPick, pickerKey } from './visit-pickers';
import { NO_SLOTS_ERROR } from './slots-client';
import { LazyWaitlistOffer } from './LazyWaitlistOffer';
import { WaitlistContext } from './waitlist-context';
import { TimeGoneNotice } from './TimeGoneNotice';

const PARTS = [
  { part: 'morning', label: 'Morning' },
  { part: 'afternoon', label: 'Afternoon' },
  { part: 'evening', label: 'Evening' },
] as const;

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const dayOfMonth = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * A day button's name begins with what the button shows ('Wed 2', and 'Dec' where it shows the month), so a person
 * using voice control can say what they see (WCAG 2.5.3, label in name); then what the day holds.
 */
function dayButtonName(date: string, count: number, closure?: string): string {
  const day = noon(date);
  const holds = count > 0 ? `${count} ${count === 1 ? 'time' : 'times'}` : closure ? `closed (${closure})` : 'no free time';
  return `${weekday.format(day)} ${dayOfMonth.format(day)} ${month.format(day)}: ${holds}`;
}

export interface VisitPickerProps {
  location: string;
  /** The cart's areas in the order they are chained, each with its therapist (0 any) and minutes. */
  areas: readonly VisitAreaRequest[];
  today: string;
  lastDay: string;
  /** The day the chosen visit is on (the first area's date), if any. */
  chosenDate: string | undefined;
  isChosen: (date: string, visit: VisitTime) => boolean;
  /** A visit time was picked, or the one chosen is no longer free (undefined). */
  onChoose: (date: string, visit: VisitTime | undefined) => void;
  disabled?: boolean;
  /** One area's times (per-service times): its name words the strip, the times and the messages. */
  areaName?: string;
  /** The day shown, when the page keeps it (per-service times: the area's date); a day tapped is told by onDay. */
  day?: string;
  onDay?: (date: string) => void;
  /** The chosen time ('HH:mm'), named when it is dropped. */
  chosenTime?: string;
}

/**
 * One time for the whole visit: a strip of the next 14 days marking those with a fitting time, then that day's
 * start times grouped into morning, afternoon and evening. Refetched when the window regains focus.
 */
export function VisitPicker({ location, areas, today, lastDay, chosenDate, isChosen, onChoose, disabled, areaName, day: keptDay, onDay, chosenTime }: VisitPickerProps) {
  // Where the waitlist is offered, a full day can be chosen too: to ask to be told if a time frees up on it.
  const waitlist = useContext(WaitlistContext) !== null;
  const kept = keptDay && keptDay >= today ? keptDay : undefined;
  const [ownPick, setOwnPick] = useState<string | undefined>(() => firstPick(today, keptDay, chosenDate));
  // The page's day wins; a new one (a date typed, a new therapist clearing it) starts the strip afresh there.
  const [lastKept, setLastKept] = useState(kept);
  if (onDay && lastKept !== kept) {
    setLastKept(kept);
    setOwnPick(kept);
  }
  const picked = onDay && kept ? kept : ownPick;
  const setPicked = (date: string) => {
    setOwnPick(date);
    onDay?.(date);
  };
  // A cart longer than one visit may be is not asked about (the server refuses it): the page says why instead.
  const tooLong = tooLongVisitSentence(areas.reduce((sum, area) => sum + area.duration, 0));
  const key = tooLong ? null : pickerKey(location, areas, today, lastDay, picked);
  const ids = areaName ? `area${areas[0]?.areaId ?? ''}` : 'visit';
  // The booking page's server renders the first answers with the page (first-free-times.ts): SWR's fallback.
  const { data: answer, error, mutate } = useSWR<VisitAnswer>(key, fetchVisit, { revalidateOnFocus: true, keepPreviousData: false });
  // The strip stays while another day's times load; the times shown are always those of the current question.
  const [lastStrip, setLastStrip] = useState<VisitAnswer | undefined>(answer);
  if (answer && answer !== lastStrip) setLastStrip(answer);
  const data = answer ?? lastStrip;
  const shown = answer && (picked === undefined || answer.date === picked) ? answer : undefined;

  // Nothing chosen yet and the first day is full: move on to the first day with a time. While rendering, not after,
  // so the server draws the page at that day too and nothing moves when the page comes alive.
  const freeDay = picked === undefined && answer ? firstFreeDay(answer) : undefined;
  if (freeDay) setOwnPick(freeDay);

  // A chosen visit that the latest answer no longer lists (someone else took a part of it) is dropped.
  const chosenGone = Boolean(shown && chosenDate === shown.date && !shown.times.some((visit) => isChosen(shown.date, visit)) && areas.length > 0);
  const [told, setTold] = useState<{ time: string | undefined } | false>(false);
  useEffect(() => {
    if (chosenGone && shown) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer came from SWR; this says what it dropped
      setTold({ time: chosenTime });
      onChoose(shown.date, undefined);
    }
  }, [chosenGone, shown, onChoose, chosenTime]);

  if (tooLong) {
    return (
      <p role="status" className="text-sm font-semibold text-gray-900">
        {tooLong}
      </p>
    );
  }
  if (!key) return null;
  if (error && !data) {
    return (
      <div role="alert" className="text-sm text-red-800">
        <p>{error instanceof Error ? error.message : 'The free times could not be loaded.'}</p>
        <button type="button" onClick={() => void mutate()} className="mt-1 font-semibold underline">
          Try again
        </button>
      </div>
    );
  }
  // The same on the server and at hydration: nothing is known until the first answer.
  if (!data) return <LoadingStatus className="text-sm text-gray-700">Looking for free times…</LoadingStatus>;

  const day = shown?.date ?? picked ?? data.date;
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label={areaName ? `Day for ${areaName}` : 'Day of your visit'} className="grid grid-cols-7 gap-1">
        {data.days.map((d) => {
          const selected = d.date === day;
          const free = d.count > 0;
          return (
            <button
              key={d.date}
              type="button"
              aria-pressed={selected}
              // A closed day has nothing to wait for; a full one can be chosen to join the waitlist where it is offered.
              disabled={disabled || (!free && (!waitlist || Boolean(d.closure)))}
              aria-label={dayButtonName(d.date, d.count, d.closure)}
              title={d.closure ? `Closed: ${d.closure}` : undefined}
              onClick={() => setPicked(d.date)}
              className={`flex min-h-14 flex-col items-center justify-center rounded-lg border text-xs leading-tight ${
                selected
                  ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                  : free
                    ? 'border-brand-600 bg-white font-semibold text-brand-800'
                    : 'border-gray-200 bg-gray-50 text-gray-600 line-through'
              }`}
            >
              {/* The spaces are not drawn between flex items, but they part the words of the text the button shows. */}
              <span aria-hidden="true">{weekday.format(noon(d.date))}</span>{' '}
              <span aria-hidden="true" className="text-base">
                {dayOfMonth.format(noon(d.date))}
              </span>{' '}
              <span aria-hidden="true">{d.date.endsWith('-01') || d.date === data.days[0]!.date ? month.format(noon(d.date)) : free ? '•' : ' '}</span>
            </button>
          );
        })}
      </div>
      {!shown ? (
        <LoadingStatus className="text-sm text-gray-700">Loading free times…</LoadingStatus>
      ) : shown.times.length === 0 ? (
        <div>
          {/* One area's day without a time is error code 1 of the specification, as the day's list of times says it. */}
          <p role="status" data-error-code={areaName ? NO_SLOTS_ERROR : undefined} className="rounded-lg bg-brand-50 p-3 text-sm">
            {areaName ? (
              <NoTimeForArea day={day} closure={data.days.find((d) => d.date === shown.date)?.closure} others={data.days.some((d) => d.count > 0)} />
            ) : data.days.some((d) => d.count > 0) ? (
              `There is no time for the whole visit on ${formatDay(day)}. The marked days have one.`
            ) : (
              'No time for the whole visit in the next two weeks. Please try another therapist, choose times per service or call the salon.'
            )}
          </p>
          {data.days.find((d) => d.date === shown.date)?.closure ? null : (
            <LazyWaitlistOffer
              wish={{
                location,
                date: shown.date,
                kind: areaName ? 'area' : 'visit',
                areas: areas.map((a) => ({ areaId: a.areaId, therapistId: a.therapistId, minutes: a.duration })),
              }}
            />
          )}
        </div>
      ) : (
        <TimesGroup legend={areaName ? `Time for ${areaName}` : undefined}>
          {told ? <TimeGoneNotice time={told.time ? formatClock(told.time) : undefined} /> : null}
          <p className="text-sm font-semibold">Start times on {formatDay(day)}</p>
          {PARTS.map(({ part, label }) => {
            const times = shown.times.filter((t) => t.part === part);
            if (times.length === 0) return null;
            return (
              <fieldset key={part}>
                <legend className="mb-2 text-sm font-semibold text-gray-800">{label}</legend>
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                  {times.map((visit) => {
                    const id = `${ids}-${visit.time.replace(':', '')}`;
                    return (
                      <div key={visit.start}>
                        <input
                          type="radio"
                          id={id}
                          name={`${ids}-time`}
                          value={visit.time}
                          checked={isChosen(shown.date, visit)}
                          disabled={disabled}
                          onChange={() => {
                            setTold(false);
                            onChoose(shown.date, visit);
                          }}
                          className="peer sr-only"
                        />
                        <label
                          htmlFor={id}
                          className="block cursor-pointer rounded-lg border border-brand-600 px-2 py-2 text-center text-sm font-semibold text-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
                        >
                          {formatClock(visit.time)}
                        </label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
        </TimesGroup>
      )}
    </div>
  );
}

/** One area's times are a group named after it ('Time for Skincare'); the whole visit's stand under the section. */
function TimesGroup({ legend, children }: { legend: string | undefined; children: ReactNode }) {
  if (!legend) return <div className="flex flex-col gap-4">{children}</div>;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="sr-only">{legend}</legend>
      {children}
    </fieldset>
  );
}

function NoTimeForArea({ day, closure, others }: { day: string; closure: string | undefined; others: boolean }) {
  return (
    <>
      {closure ? `The salon is closed on ${formatDay(day)} (${closure}).` : `There are no free times on ${formatDay(day)}.`}{' '}
      {others ? 'The marked days have one.' : 'None in these two weeks either: please try another therapist or another date, or call the salon.'}
    </>
  );
}
