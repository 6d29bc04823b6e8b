'use client';

import type { TherapistOption } from './booking-types';
import { TimePicker } from './TimePicker';

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
            <input
              id={`${idPrefix}-date`}
              type="date"
              min={today}
              max={lastDay}
              value={date}
              disabled={props.disabled}
              onChange={(event) => props.onDate(event.target.value)}
              className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 py-2"
            />
          </div>
        )}
      </div>
      {props.therapistOnly ? null : (
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
        />
      )}
    </div>
  );
}
