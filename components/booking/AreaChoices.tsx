'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import type { TherapistOption } from './booking-types';
import type { MovingAppointment } from './slots-client';

// One area's list of times (a reschedule on the account page): loaded when it shows, not with the booking page, whose
// areas choose their times with the day strip (timeChooser).
const TimePicker = lazy(() => import('./TimePicker').then((module) => ({ default: module.TimePicker })));

export interface AreaChoicesProps {
  idPrefix: string;
  location: string;
  areaId: number;
  areaName: string;
  therapists: readonly TherapistOption[];
  therapist: number;
  date: string;
  time: string | undefined;
  duration: number;
  today: string;
  lastDay: string;
  onTherapist: (therapistId: number) => void;
  onDate: (date: string) => void;
  onTime: (time: string | undefined) => void;
  /** Until the page has hydrated and applied the saved choices: a choice made earlier would be lost. */
  disabled?: boolean;
  /** The therapist alone: the day and time are chosen for the whole visit (VisitPicker). */
  therapistOnly?: boolean;
  /** A reschedule: the appointment being moved (its own time is not in its way). */
  moving?: MovingAppointment;
  /** The area's services, for the free times of therapists who do them all. */
  serviceIds?: readonly string[];
  /** Instead of the day's list of times: the booking page's day strip and grouped times (VisitPicker). */
  timeChooser?: ReactNode;
}

/** Therapist, date and time of one area: used by the booking page and by a reschedule on the account page. */
export function AreaChoices(props: AreaChoicesProps) {
  const { idPrefix, location, areaId, areaName, therapists, therapist, date, time, duration, today, lastDay } = props;
  return (
    <div className="flex flex-col gap-4">
      <div className={props.therapistOnly ? 'grid gap-4' : 'grid gap-4 sm:grid-cols-2'}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-therapist`} className="text-sm font-semibold">
            Therapist for {areaName}
          </label>
          <select
            id={`${idPrefix}-therapist`}
            value={therapist}
            disabled={props.disabled}
            onChange={(event) => props.onTherapist(Number(event.target.value))}
            className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 py-2"
          >
            {therapists.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        {props.therapistOnly ? null : (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${idPrefix}-date`} className="text-sm font-semibold">
              Date for {areaName}
            </label>
            <DateInput id={`${idPrefix}-date`} date={date} min={today} max={lastDay} disabled={props.disabled} onDate={props.onDate} />
          </div>
        )}
      </div>
      {props.therapistOnly ? null : props.timeChooser ? (
        props.timeChooser
      ) : (
        <Suspense fallback={<LoadingStatus className="min-h-24">Loading the free times…</LoadingStatus>}>
          <TimePicker
            name={`${idPrefix}-time`}
            label={`Time for ${areaName}`}
            location={location}
            areaId={areaId}
            therapistId={therapist}
            date={date}
            duration={duration}
            lastDay={lastDay}
            value={time}
            onChange={props.onTime}
            onPickDate={props.onDate}
            moving={props.moving}
            serviceIds={props.serviceIds}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The date field. Typing a year passes through dates like 0002-11-28 and 0202-11-28 on the way to 2026-11-28: the
 * field shows what is typed, and only a date from `min` to `max` (or none) becomes the choice, so no absurd day is
 * looked up (a 400 and an alert for each keystroke).
 */
function DateInput({ id, date, min, max, disabled, onDate }: { id: string; date: string; min: string; max: string; disabled?: boolean; onDate: (date: string) => void }) {
  const [typed, setTyped] = useState(date);
  // A new chosen date (a reschedule reset, the URL) replaces what was typed: adjusted while rendering, not in an effect.
  const [chosen, setChosen] = useState(date);
  if (chosen !== date) {
    setChosen(date);
    setTyped(date);
  }
  return (
    <input
      id={id}
      type="date"
      min={min}
      max={max}
      value={typed}
      disabled={disabled}
      onChange={(event) => {
        const value = event.target.value;
        setTyped(value);
        if (value === '' || (value >= min && value <= max)) onDate(value);
      }}
      className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 py-2"
    />
  );
}
