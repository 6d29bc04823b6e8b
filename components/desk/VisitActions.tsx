'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { formatClock, formatDay } from '@/components/booking/format';
import { hoursIn, minuteToTime, type HoursTable } from '@/lib/catalog/day-hours';
import type { AttendanceTarget } from '@/lib/desk/attendance';
import { MoveVisitFields } from './MoveVisitFields';
import { changeVisitAction } from './visit-actions';
import { CONFIRM_CANCEL_PARAM, DESK_TIME_TAKEN } from './visit-form-names';

export interface VisitActionsProps {
  id: string;
  booked: boolean;
  /** Checked in, completed or no-show: moving and cancelling wait until that is undone. */
  marked: boolean;
  attendance: { to: AttendanceTarget; label: string }[];
  date: string;
  time: string;
  minutes: number;
  therapistId: number;
  therapists: { id: number; name: string }[];
  started: boolean;
  /** Whether the customer has an e-mail address: the move and the cancellation are mailed only then. */
  mailed: boolean;
  /** The location's opening hours (its week and special dates from today), for the times a move may choose. */
  hours: HoursTable;
  /** The answer to a form the browser posted itself (changeVisitAction), shown until the next change. */
  answer?: { kind: 'error' | 'done'; text: string };
  /** Opened at the cancellation's second step (?confirm=cancel: the first step without scripts). */
  confirmingCancel?: boolean;
}

/** Quarter hours of `date` from opening to the last start that still ends by closing, 'HH:mm'; none when closed. */
export function startTimes(date: string, minutes: number, table: HoursTable): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return [];
  const hours = hoursIn(table, date);
  const times: string[] = [];
  if (!hours) return times;
  for (let m = hours.open; m + minutes <= hours.close; m += 15) times.push(minuteToTime(m));
  return times;
}

/** Sends a change of a visit (attendance, move, cancel); undefined when done, else the sentence to show. */
export async function sendVisitChange(id: string, body: unknown): Promise<string | undefined> {
  const response = await fetch(`/api/desk/appointments/${id}/`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.ok) return undefined;
  // The move form lists every quarter hour, not only free ones: a taken time is the therapist's or the customer's
  // other appointment, not one 'just booked'.
  if (response.status === 416) return DESK_TIME_TAKEN;
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  const fields = answer?.error?.fields ? Object.values(answer.error.fields).join(' ') : '';
  return [answer?.error?.message ?? 'That did not work. Please try again.', fields].filter(Boolean).join(' ');
}

/**
 * What the desk does with a visit: attendance buttons, a move form (date, time, therapist) and a cancellation that
 * asks once more. Each is a form: with scripts it is sent through fetch and the page re-read; before they load or
 * without them the browser posts it to changeVisitAction, and the cancellation's first step opens the page at its
 * second (?confirm=cancel). Either way the page's history then shows the change and who made it.
 */
export function VisitActions(props: VisitActionsProps) {
  const router = useRouter();
  const base = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | undefined>(props.answer);
  const [date, setDate] = useState(props.date);
  const [time, setTime] = useState(props.time);
  const [therapistId, setTherapistId] = useState(props.therapistId);
  const [confirming, setConfirming] = useState(props.confirmingCancel === true);
  const times = startTimes(date, props.minutes, props.hours);
  if (!times.includes(time) && time === props.time && date === props.date) times.push(time);

  async function act(body: unknown, done: string) {
    setBusy(true);
    setMessage(undefined);
    try {
      const error = await sendVisitChange(props.id, body);
      setMessage(error ? { kind: 'error', text: error } : { kind: 'done', text: done });
      if (!error) {
        setConfirming(false);
        router.refresh();
      }
    } catch {
      setMessage({ kind: 'error', text: 'The salon could not be reached. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  function move(event: FormEvent) {
    event.preventDefault();
    void act({ action: 'move', date, time, therapistId }, `Moved to ${formatDay(date)} at ${formatClock(time)}.`);
  }

  return (
    <div className="mt-6 space-y-6">
      <div aria-live="polite" className="min-h-6">
        {message ? (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'font-semibold text-red-800' : 'font-semibold text-emerald-800'}>
            {message.text}
          </p>
        ) : null}
      </div>
      {props.attendance.length > 0 ? (
        <section aria-labelledby={`${base}-att`}>
          <h2 id={`${base}-att`} className="text-lg font-semibold">
            Attendance
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            {props.attendance.map((a) => (
              <form
                key={a.label}
                action={changeVisitAction}
                onSubmit={(event) => {
                  event.preventDefault();
                  void act({ action: 'attendance', attendance: a.to }, `${a.label}: done.`);
                }}
              >
                <input type="hidden" name="appointmentId" value={props.id} />
                <input type="hidden" name="change" value="attendance" />
                <input type="hidden" name="attendance" value={a.to ?? 'none'} />
                <input type="hidden" name="label" value={a.label} />
                <button type="submit" disabled={busy} className="rounded bg-brand-800 px-4 py-2 font-semibold text-white disabled:opacity-60">
                  {a.label}
                </button>
              </form>
            ))}
          </div>
        </section>
      ) : null}
      {props.booked && !props.marked && !props.started ? (
        <>
          <section aria-labelledby={`${base}-move`}>
            <h2 id={`${base}-move`} className="text-lg font-semibold">
              Move this visit
            </h2>
            <form action={changeVisitAction} onSubmit={move} className="mt-2 flex flex-wrap items-end gap-3">
              <input type="hidden" name="appointmentId" value={props.id} />
              <input type="hidden" name="change" value="move" />
              <MoveVisitFields
                date={date}
                time={time}
                therapistId={therapistId}
                times={times}
                therapists={props.therapists}
                onDate={setDate}
                onTime={setTime}
                onTherapist={setTherapistId}
              />
              <button type="submit" disabled={busy} className="rounded bg-brand-800 px-4 py-2 font-semibold text-white disabled:opacity-60">
                Move visit
              </button>
            </form>
            <p className="mt-1 text-sm text-stone-700">
              {props.mailed ? 'The customer gets an e-mail with the new time and a calendar update.' : 'The customer has no e-mail address: tell them the new time.'}
            </p>
          </section>
          <section aria-labelledby={`${base}-cancel`}>
            <h2 id={`${base}-cancel`} className="text-lg font-semibold">
              Cancel this visit
            </h2>
            {confirming ? (
              <div className="mt-2 flex flex-wrap gap-2">
                <form
                  action={changeVisitAction}
                  onSubmit={(event) => {
                    event.preventDefault();
                    void act({ action: 'cancel' }, 'The visit is cancelled.');
                  }}
                >
                  <input type="hidden" name="appointmentId" value={props.id} />
                  <input type="hidden" name="change" value="cancel" />
                  <button type="submit" disabled={busy} className="rounded bg-red-800 px-4 py-2 font-semibold text-white disabled:opacity-60">
                    Yes, cancel the visit
                  </button>
                </form>
                {/* Without scripts: back to the page as it was. */}
                <form
                  method="get"
                  onSubmit={(event) => {
                    event.preventDefault();
                    setConfirming(false);
                  }}
                >
                  <button type="submit" className="rounded border border-stone-400 px-4 py-2 font-semibold">
                    Keep it
                  </button>
                </form>
              </div>
            ) : (
              <form
                method="get"
                onSubmit={(event) => {
                  event.preventDefault();
                  setConfirming(true);
                }}
              >
                <input type="hidden" name={CONFIRM_CANCEL_PARAM} value="cancel" />
                <button type="submit" className="mt-2 rounded border border-red-800 px-4 py-2 font-semibold text-red-800">
                  Cancel visit…
                </button>
              </form>
            )}
            <p className="mt-1 text-sm text-stone-700">
              For the customer, without the 24-hour limit; package sessions go back. {props.mailed ? 'They get an e-mail.' : 'They have no e-mail address: tell them.'}
            </p>
          </section>
        </>
      ) : props.booked && props.marked ? (
        <p className="text-sm text-stone-700">Undo the attendance mark to move or cancel this visit.</p>
      ) : null}
    </div>
  );
}
