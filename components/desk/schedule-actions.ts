'use server';

import { redirect, RedirectType } from 'next/navigation';
import type { z } from 'zod';
import { currentUser } from '@/lib/auth/current-user';
import { formatLongDate } from '@/lib/booking/schedule';
import { NotRosteredHere, shiftChangeKeySchema, shiftChangeSchema, type RosterChange } from '@/lib/desk/roster-changes';
import { shiftKeySchema, shiftSchema } from '@/lib/desk/rosters';
import { addClosureSchema, closureDaySchema, timeOffSchema } from '@/lib/desk/schedule';
import { scheduleEdits } from '@/lib/desk/schedule-edits';
import { formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { isDeskRole } from '@/lib/auth/roles';

/**
 * The schedule pages' server actions (/desk/time-off/, /desk/closures/, /desk/rosters/). Each checks the staff role
 * itself (an action is a POST anyone can send), validates with the schema of lib/desk, and answers post, redirect,
 * get: a mistake comes back through the flash cookie with its field messages and the values typed.
 */

/**
 * The staff member posting, as the activity log names them, or a redirect (303) back to the desk page, whose own gate
 * then sends a visitor to sign in and shows a customer the 404 content: an action posted without the role changes
 * nothing and reveals nothing.
 */
async function staffActor(path: string): Promise<{ userId: string; name: string }> {
  const user = await currentUser();
  if (!user || !isDeskRole(user.role)) redirect(path, RedirectType.push);
  return { userId: user.id, name: user.name };
}

function valuesOf(data: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, formText(data, name).slice(0, 200)]));
}

async function fail(form: string, path: string, error: z.ZodError, values: Record<string, string>): Promise<never> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'form');
    fields[name] ??= issue.message;
  }
  const message = 'Please correct the marked fields.';
  redirect(await flashFormState(form, { outcome: 'error', message, fields, values }, path), RedirectType.push);
}

async function done(form: string, path: string, message: string, extra = ''): Promise<never> {
  const target = await flashFormState(form, { outcome: 'ok', message, fields: {}, values: {} }, `${path}${extra}`);
  redirect(target, RedirectType.push);
}

const TIME_OFF_FIELDS = ['kind', 'therapistId', 'starts', 'ends', 'weekday', 'from', 'to', 'reason'] as const;

export async function createTimeOffAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/time-off/');
  const values = valuesOf(data, TIME_OFF_FIELDS);
  const parsed = timeOffSchema.safeParse(values);
  if (!parsed.success) return fail('time-off', '/desk/time-off/', parsed.error, values);
  const id = await scheduleEdits.createTimeOff(parsed.data, by);
  return done('time-off', '/desk/time-off/', 'Time off saved.', `?created=${id}`);
}

export async function deleteTimeOffAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/time-off/');
  const removed = await scheduleEdits.deleteTimeOff(formText(data, 'id'), by);
  return done('time-off', '/desk/time-off/', removed ? 'Time off removed.' : 'That time off was already removed.');
}

const closuresPath = (data: FormData) => `/desk/closures/?location=${encodeURIComponent(formText(data, 'location'))}&year=${encodeURIComponent(formText(data, 'date').slice(0, 4))}`;

export async function addClosureAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/closures/');
  const values = valuesOf(data, ['location', 'date', 'name']);
  const parsed = addClosureSchema().safeParse(values);
  if (!parsed.success) return fail('closures', `/desk/closures/?location=${encodeURIComponent(values.location!)}`, parsed.error, values);
  const { date, name } = parsed.data;
  const outcome = await scheduleEdits.addClosure(parsed.data, by);
  const day = formatLongDate(date);
  const message =
    outcome.kind === 'closed'
      ? `Closed on ${day} (${name}).`
      : outcome.kind === 'renamed'
        ? `${day} was already closed (${outcome.was}): it is now called ${name}, the name customers see.`
        : `${day} was already closed as ${name}: nothing changed.`;
  return done('closures', closuresPath(data), message, `&closed=${date}`);
}

export async function openDayAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/closures/');
  const parsed = closureDaySchema.safeParse(valuesOf(data, ['location', 'date']));
  if (!parsed.success) return fail('closures', '/desk/closures/', parsed.error, {});
  const opened = await scheduleEdits.openDay(parsed.data, by);
  return done('closures', closuresPath(data), opened ? `Open on ${parsed.data.date}.` : `Already open on ${parsed.data.date}.`);
}

export async function restoreHolidayAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/closures/');
  const parsed = closureDaySchema.safeParse(valuesOf(data, ['location', 'date']));
  if (!parsed.success) return fail('closures', '/desk/closures/', parsed.error, {});
  const closed = await scheduleEdits.restoreHoliday(parsed.data, by);
  return done('closures', closuresPath(data), closed ? `Closed again on ${parsed.data.date}.` : `Already closed on ${parsed.data.date}.`, `&closed=${parsed.data.date}`);
}

const SHIFT_FIELDS = ['location', 'therapistId', 'areaId', 'weekday', 'from', 'to'] as const;
const ONCE_FIELDS = ['location', 'therapistId', 'date', 'kind', 'from', 'to'] as const;

const rostersPath = (location: string) => `/desk/rosters/?location=${encodeURIComponent(location)}`;

/**
 * A change that would leave booked visits without a shift is not made yet: the page shows them and asks (`confirm=`
 * with the change's fields in the address, so it works without scripts); posting again with `confirmed=1` makes it.
 */
async function confirmFirst(data: FormData, change: RosterChange, step: string, values: Record<string, string>): Promise<number> {
  const affected = await scheduleEdits.visitsAffectedBy(change);
  if (affected.length > 0 && formText(data, 'confirmed') !== '1') {
    const query = new URLSearchParams({ ...values, confirm: step });
    redirect(`/desk/rosters/?${query.toString()}#confirm`, RedirectType.push);
  }
  return affected.length;
}

const leftOutNote = (count: number) => (count === 0 ? '' : ` ${count} booked visit${count === 1 ? ' is' : 's are'} now outside the roster: move ${count === 1 ? 'it' : 'them'} from the day view.`);

export async function saveShiftAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/rosters/');
  const values = valuesOf(data, SHIFT_FIELDS);
  const path = rostersPath(values.location!);
  const parsed = shiftSchema.safeParse(values);
  if (!parsed.success) return fail('rosters', path, parsed.error, values);
  const shift = parsed.data;
  const left = await confirmFirst(data, { kind: 'weekly', ...shift, hours: { from: shift.from, to: shift.to } }, 'save', values);
  await scheduleEdits.saveShift(shift, by);
  return done('rosters', `${path}&therapist=${shift.therapistId}&weekday=${shift.weekday}#editor`, `Shift saved.${leftOutNote(left)}`);
}

export async function removeShiftAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/rosters/');
  const values = valuesOf(data, SHIFT_FIELDS);
  const path = rostersPath(values.location!);
  const parsed = shiftKeySchema.safeParse(values);
  if (!parsed.success) return fail('rosters', path, parsed.error, values);
  const left = await confirmFirst(data, { kind: 'weekly', ...parsed.data, hours: null }, 'remove', valuesOf(data, ['location', 'therapistId', 'areaId', 'weekday']));
  const removed = await scheduleEdits.removeShift(parsed.data, by);
  const cell = `${path}&therapist=${parsed.data.therapistId}&weekday=${parsed.data.weekday}#editor`;
  return done('rosters', cell, removed ? `Shift removed.${leftOutNote(left)}` : 'That shift was already removed.');
}

export async function saveShiftChangeAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/rosters/');
  const values = valuesOf(data, ONCE_FIELDS);
  const path = `${rostersPath(values.location!)}#once`;
  const parsed = shiftChangeSchema().safeParse(values);
  if (!parsed.success) return fail('rosters-once', path, parsed.error, values);
  const left = await confirmFirst(data, { kind: 'once', ...parsed.data }, 'once', values);
  try {
    await scheduleEdits.saveShiftChange(parsed.data, by);
  } catch (error) {
    if (!(error instanceof NotRosteredHere)) throw error;
    redirect(await flashFormState('rosters-once', { outcome: 'error', message: error.message, fields: { therapistId: error.message }, values }, path), RedirectType.push);
  }
  return done('rosters-once', path, `Saved for ${formatLongDate(parsed.data.date)} only.${leftOutNote(left)}`);
}

export async function removeShiftChangeAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/rosters/');
  const values = valuesOf(data, ['location', 'therapistId', 'date']);
  const path = `${rostersPath(values.location!)}#once`;
  const parsed = shiftChangeKeySchema.safeParse(values);
  if (!parsed.success) return fail('rosters-once', path, parsed.error, values);
  // Taking a longer day back to the weekly hours can leave visits outside them too.
  const left = await confirmFirst(data, { kind: 'once', ...parsed.data, hours: null }, 'unonce', values);
  const removed = await scheduleEdits.removeShiftChange(parsed.data, by);
  return done('rosters-once', path, removed ? `The weekly shift applies on ${formatLongDate(parsed.data.date)} again.${leftOutNote(left)}` : 'That change was already removed.');
}
