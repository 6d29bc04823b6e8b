import { localDateOf } from '@/lib/booking/dates';
import type { Attendance } from './day-shape';

/**
 * What the desk may mark at a visit, and from what. Attendance is kept beside the booking status (which the
 * exclusion constraints read): only a booked visit has one. Each refusal is a sentence the desk can act on.
 *   none       -> checked in (the customer arrived, on the visit's day), no-show (once the start has passed)
 *   checked in -> started (in service, on the visit's day), completed (once the start has passed), or back to none
 *   started    -> completed (once the start has passed), or back to checked in
 *   completed  -> back to checked in (marked by mistake)
 *   no-show    -> checked in (they came late after all, that day), or back to none
 * A customer arrives on the visit's day (New York): a check-in or a start on another day is a tap on the wrong visit.
 */
export type AttendanceTarget = Attendance | null;

export interface AttendanceCheck {
  status: 'booked' | 'cancelled';
  attendance: Attendance | null;
  startsAt: number;
}

export type AttendanceRefusal = { status: 409 | 422; message: string };

const ALLOWED: Record<'none' | Attendance, readonly (Attendance | 'none')[]> = {
  none: ['checked_in', 'no_show'],
  checked_in: ['started', 'completed', 'none'],
  started: ['completed', 'checked_in'],
  completed: ['checked_in'],
  no_show: ['checked_in', 'none'],
};

const LABEL: Record<'none' | Attendance, string> = { none: 'not marked', checked_in: 'checked in', started: 'in service', completed: 'completed', no_show: 'a no-show' };

/** Whether `now` falls on the visit's day in New York, the only day its customer can arrive for it. */
export function onVisitDay(startsAt: number, now: number): boolean {
  return localDateOf(startsAt) === localDateOf(now);
}

/** Undefined when the change may be made; otherwise the HTTP status and the sentence to show. */
export function attendanceRefusal(visit: AttendanceCheck, to: AttendanceTarget, now: number): AttendanceRefusal | undefined {
  if (visit.status !== 'booked') return { status: 409, message: 'This visit was cancelled: only a booked visit can be checked in, completed or marked a no-show.' };
  const from = visit.attendance ?? 'none';
  const target = to ?? 'none';
  if (from === target) return { status: 409, message: `This visit is already ${LABEL[from]}.` };
  if (!ALLOWED[from].includes(target)) return { status: 409, message: `A visit that is ${LABEL[from]} cannot be marked ${LABEL[target]}.` };
  const arriving = (target === 'checked_in' && (from === 'none' || from === 'no_show')) || target === 'started';
  if (arriving && !onVisitDay(visit.startsAt, now)) {
    return { status: 422, message: `A visit can be ${target === 'started' ? 'started' : 'checked in'} only on its day (New York time).` };
  }
  if (target === 'no_show' && now < visit.startsAt) return { status: 422, message: 'A visit can be marked a no-show only once its start time has passed.' };
  // A check-in a day early is a slip the desk undoes; a visit completed before it began would be a false record.
  if (target === 'completed' && now < visit.startsAt) return { status: 422, message: 'A visit can be marked completed only once it has started.' };
  return undefined;
}

/** Moving or cancelling a visit the desk has marked would leave its attendance wrong: the mark is undone first. */
export function changeRefusal(visit: Pick<AttendanceCheck, 'status' | 'attendance'>): AttendanceRefusal | undefined {
  if (visit.status !== 'booked') return { status: 409, message: 'This visit was cancelled already.' };
  if (visit.attendance) return { status: 409, message: `This visit is marked ${LABEL[visit.attendance]}: undo that before moving or cancelling it.` };
  return undefined;
}

/** The actions the desk offers for a visit in its state (the page shows these buttons). */
export function attendanceActions(visit: AttendanceCheck, now: number): { to: AttendanceTarget; label: string }[] {
  const labels: Record<'none' | Attendance, string> = { none: 'Undo mark', checked_in: 'Check in', started: 'Start', completed: 'Mark completed', no_show: 'Mark no-show' };
  if (visit.status !== 'booked') return [];
  return ALLOWED[visit.attendance ?? 'none']
    .filter((to) => !attendanceRefusal(visit, to === 'none' ? null : to, now))
    .map((to) => ({ to: to === 'none' ? null : to, label: visit.attendance === 'completed' ? 'Undo completed' : visit.attendance === 'started' && to === 'checked_in' ? 'Undo start' : labels[to] }));
}
