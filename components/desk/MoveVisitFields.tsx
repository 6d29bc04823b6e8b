'use client';

import { formatClock } from '@/components/booking/format';

export interface MoveVisitFieldsProps {
  date: string;
  time: string;
  therapistId: number;
  /** The start times offered on `date` ('HH:mm'). */
  times: readonly string[];
  therapists: readonly { id: number; name: string }[];
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  onTherapist: (id: number) => void;
}

/** The date, time and therapist of a visit's move: the visit's page (VisitActions) and the day's panel (VisitPanel). */
export function MoveVisitFields(props: MoveVisitFieldsProps) {
  return (
    <>
      <label className="flex flex-col text-sm">
        <span className="font-semibold">Date</span>
        <input type="date" name="date" required value={props.date} onChange={(e) => props.onDate(e.target.value)} className="rounded border border-stone-400 px-2 py-1.5" />
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-semibold">Time</span>
        <select name="time" required value={props.time} onChange={(e) => props.onTime(e.target.value)} className="rounded border border-stone-400 px-2 py-1.5">
          {props.times.map((t) => (
            <option key={t} value={t}>
              {formatClock(t)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-semibold">Therapist</span>
        <select name="therapistId" value={props.therapistId} onChange={(e) => props.onTherapist(Number(e.target.value))} className="rounded border border-stone-400 px-2 py-1.5">
          {props.therapists.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
