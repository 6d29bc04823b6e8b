'use server';

import { redirect, RedirectType } from 'next/navigation';
import { formatClock, formatDay } from '@/components/booking/format';
import { deskChangeVisit } from '@/lib/desk/handlers';
import { callHandler, errorOf, formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { isGuid } from '@/lib/validation';
import { DESK_TIME_TAKEN, VISIT_FORM } from './visit-form-names';

/** The change a visit page's form asks for, as the JSON API takes it (its handler validates it). */
function changeOf(data: FormData): { change: Record<string, unknown>; done: string } | undefined {
  const action = formText(data, 'change');
  if (action === 'attendance') {
    const to = formText(data, 'attendance');
    return { change: { action, attendance: to === 'none' ? null : to }, done: `${formText(data, 'label').slice(0, 40)}: done.` };
  }
  if (action === 'move') {
    const [date, time] = [formText(data, 'date'), formText(data, 'time')];
    const done = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) ? `Moved to ${formatDay(date)} at ${formatClock(time)}.` : 'Moved.';
    return { change: { action, date, time, therapistId: Number(formText(data, 'therapistId')) }, done };
  }
  if (action === 'cancel') return { change: { action }, done: 'The visit is cancelled.' };
  // Anything else is no change this page makes: never read as a cancellation.
  return undefined;
}

/**
 * A visit page's attendance, move and cancellation posted by the browser itself (before the page's scripts ran, or
 * without them): the API's own handler (staff only, recorded with who made it), the answer back on the page (flash).
 * With scripts the page sends the same change through fetch (VisitActions).
 */
export async function changeVisitAction(data: FormData): Promise<void> {
  const id = formText(data, 'appointmentId');
  if (!isGuid(id)) redirect('/desk/', RedirectType.push);
  const page = `/desk/appointments/${id.toLowerCase()}/`;
  const asked = changeOf(data);
  if (!asked) {
    redirect(await flashFormState(VISIT_FORM, { outcome: 'error', message: 'That is not a change this page makes: nothing was changed.', fields: {}, values: {} }, page), RedirectType.push);
  }
  const { change, done } = asked;
  const reply = await callHandler((request) => deskChangeVisit(request, { id }), page.replace('/desk/', '/api/desk/'), change);
  if (reply.status === 401 || reply.status === 403) redirect(page, RedirectType.push);
  const state = reply.ok
    ? { outcome: 'ok' as const, message: done, fields: {}, values: {} }
    : reply.status === 416
      ? { outcome: 'error' as const, message: DESK_TIME_TAKEN, fields: {}, values: {} }
      : { outcome: 'error' as const, ...errorOf(reply), values: {} };
  redirect(await flashFormState(VISIT_FORM, state, page), RedirectType.push);
}
