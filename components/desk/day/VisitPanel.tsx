'use client';

import Link from '@/components/ui/AppLink';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatClock, formatDay } from '@/components/booking/format';
import { sendVisitChange, startTimes } from '@/components/desk/VisitActions';
import { MoveVisitFields } from '@/components/desk/MoveVisitFields';
import { localMinuteToUtcMs } from '@/lib/booking/dates';
import type { HoursTable } from '@/lib/catalog/day-hours';
import { attendanceActions, changeRefusal, type AttendanceTarget } from '@/lib/desk/attendance';
import { ATTENDANCE_LABEL, type DeskDay } from '@/lib/desk/day-shape';
import { formatPhone } from '@/lib/desk/phone';
import { useDeskDay } from '@/stores/desk-day';
import { markAttendance, refreshDay, useAttendance } from './day-data';

type Message = { kind: 'error' | 'done'; text: string };

function CloseButton() {
  const close = useDeskDay((s) => s.close);
  return (
    <button type="button" onClick={close} className="rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold">
      Close
    </button>
  );
}

function Said({ message }: { message?: Message }) {
  return (
    <div aria-live="polite" className="mt-2 min-h-5 text-sm">
      {message ? (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'font-semibold text-red-800' : 'font-semibold text-emerald-800'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The visit tapped on the grid: who, when, what, the customer's phone and the note, and what the desk does with it:
 * attendance in one tap (drawn at once, taken back with the server's sentence if refused), a move (date, time,
 * therapist) and a cancellation that asks once more. The same rules as the visit's page (lib/desk/attendance.ts).
 */
export function VisitPanel({ day, appointmentId, hours }: { day: DeskDay; appointmentId: string; hours: HoursTable }) {
  const base = useId();
  const block = day.blocks.find((b) => b.id === appointmentId);
  const attendance = useAttendance({ id: appointmentId, attendance: block?.attendance ?? null });
  const [message, setMessage] = useState<Message>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [date, setDate] = useState<string>(day.date);
  const [time, setTime] = useState(block?.start ?? '');
  const [therapistId, setTherapistId] = useState(block?.therapistId ?? 0);
  // The buttons are judged against the clock (a no-show after the start), read again every half minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (!block) {
    return (
      <div>
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">Visit</h2>
          <CloseButton />
        </div>
        <Said message={message} />
        <p className="mt-1 text-sm text-stone-800">This visit is no longer on this day (moved or cancelled).</p>
      </div>
    );
  }

  const startsAt = localMinuteToUtcMs(day.date, block.startMinute);
  const visit = { status: block.status, attendance, startsAt };
  const actions = attendanceActions(visit, now);
  const minutes = block.endMinute - block.startMinute;
  const therapistName = (id: number) => day.therapists.find((t) => t.id === id)?.name ?? day.columns.find((c) => c.therapistId === id)?.name ?? `Therapist ${id}`;
  const choices = block.qualified.includes(block.therapistId) ? block.qualified : [block.therapistId, ...block.qualified];
  const times = startTimes(date, minutes, hours);
  if (date === day.date && !times.includes(block.start)) times.unshift(block.start);
  const changeable = !changeRefusal({ status: block.status, attendance }) && startsAt > now;

  async function mark(to: AttendanceTarget, label: string) {
    setMessage(undefined);
    const refusal = await markAttendance(day, appointmentId, to, sendVisitChange);
    setMessage(refusal ? { kind: 'error', text: refusal } : { kind: 'done', text: `${label}: done.` });
  }

  async function change(body: unknown, done: string) {
    setBusy(true);
    setMessage(undefined);
    try {
      const refusal = await sendVisitChange(appointmentId, body);
      setMessage(refusal ? { kind: 'error', text: refusal } : { kind: 'done', text: done });
      if (!refusal) {
        setConfirming(false);
        await refreshDay(day);
      }
    } catch {
      setMessage({ kind: 'error', text: 'The salon could not be reached. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  function move(event: FormEvent) {
    event.preventDefault();
    void change({ action: 'move', date, time, therapistId }, `Moved to ${formatDay(date)} at ${formatClock(time)} with ${therapistName(therapistId)}.`);
  }

  return (
    <div>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold leading-tight">
          {block.customerName}
          {block.walkIn ? <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 align-middle text-xs font-semibold text-stone-800">Walk-in</span> : null}
        </h2>
        <CloseButton />
      </div>
      <p className="mt-1 text-sm">
        {formatClock(block.start)} to {formatClock(block.end)} with {therapistName(block.therapistId)}
      </p>
      <p className="text-sm">{block.services.join(', ')}</p>
      <p className="mt-1 text-sm font-semibold" data-testid="panel-attendance">
        {attendance ? ATTENDANCE_LABEL[attendance] : 'Not checked in'}
      </p>
      <p className="mt-1 text-sm">
        {block.customerPhone ? (
          <a href={`tel:${block.customerPhone}`} className="font-semibold text-brand-800 underline">
            <span className="sr-only">Call </span>
            {formatPhone(block.customerPhone)}
          </a>
        ) : (
          <span className="text-stone-700">{block.walkIn ? 'Walk-in: no phone or e-mail.' : 'No phone number.'}</span>
        )}
        {block.customerEmail ? <span className="block break-all text-stone-800">{block.customerEmail}</span> : null}
      </p>
      {block.note ? <p className="mt-2 rounded bg-amber-50 p-2 text-sm break-words">Note: {block.note}</p> : null}
      <Said message={message} />
      {actions.length > 0 ? (
        <div className="mt-1 flex flex-wrap gap-2" role="group" aria-label="Attendance">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              onClick={() => void mark(a.to, a.label)}
              className={a.to === null ? 'rounded border border-stone-400 px-3 py-2 text-sm font-semibold' : 'rounded bg-brand-800 px-3 py-2 text-sm font-semibold text-white'}
            >
              {a.label}
            </button>
          ))}
        </div>
      ) : (
        <p className="mt-1 text-sm text-stone-700">{attendance ? '' : 'Check-in opens on the day of the visit.'}</p>
      )}
      {changeable ? (
        <>
          <form onSubmit={move} className="mt-4 space-y-2" aria-labelledby={`${base}-move`}>
            <h3 id={`${base}-move`} className="font-semibold">
              Move
            </h3>
            <div className="flex flex-wrap gap-2">
              <MoveVisitFields
                date={date}
                time={time}
                therapistId={therapistId}
                times={times}
                therapists={choices.map((id) => ({ id, name: therapistName(id) }))}
                onDate={setDate}
                onTime={setTime}
                onTherapist={setTherapistId}
              />
            </div>
            <button type="submit" disabled={busy} className="rounded bg-brand-800 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
              Move visit
            </button>
          </form>
          <div className="mt-4">
            {confirming ? (
              <div className="flex flex-wrap gap-2">
                <button type="button" disabled={busy} onClick={() => void change({ action: 'cancel' }, 'The visit is cancelled.')} className="rounded bg-red-800 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
                  Yes, cancel the visit
                </button>
                <button type="button" onClick={() => setConfirming(false)} className="rounded border border-stone-400 px-3 py-2 text-sm font-semibold">
                  Keep it
                </button>
              </div>
            ) : (
              <button type="button" onClick={() => setConfirming(true)} className="rounded border border-red-800 px-3 py-2 text-sm font-semibold text-red-800">
                Cancel visit…
              </button>
            )}
          </div>
        </>
      ) : attendance ? (
        <p className="mt-3 text-sm text-stone-700">Undo the attendance mark to move or cancel this visit.</p>
      ) : null}
      <Link href={`/desk/appointments/${block.id}/`} prefetch={false} className="mt-4 inline-block text-sm font-semibold text-brand-800 underline">
        Open the visit&rsquo;s page (history)
      </Link>
    </div>
  );
}
