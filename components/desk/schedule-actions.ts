'use server';

import { redirect, RedirectType } from 'next/navigation';
import type { z } from 'zod';
import { currentUser } from '@/lib/auth/current-user';
import { getDb } from '@/lib/db';
import { removeShift, saveShift, shiftKeySchema, shiftSchema } from '@/lib/desk/rosters';
import { addClosure, addClosureSchema, closureDaySchema, createTimeOff, deleteTimeOff, openDay, restoreHoliday, timeOffSchema } from '@/lib/desk/schedule';
import { formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { isDeskRole } from '@/lib/auth/roles';

/**
 * The schedule pages' server actions (/desk/time-off/, /desk/closures/, /desk/rosters/). Each checks the staff role
 * itself (an action is a POST anyone can send), validates with the schema of lib/desk, and answers post, redirect,
 * get: a mistake comes back through the flash cookie with its field messages and the values typed.
 */

/**
 * The staff member posting, or a redirect (303) back to the desk page, whose own gate then sends a visitor to sign
 * in and shows a customer the 404 content: an action posted without the role changes nothing and reveals nothing.
 */
async function staffId(path: string): Promise<string> {
  return (await staffActor(path)).userId!;
}

/** The staff member posting, as the activity log names them. */
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
  const by = await staffId('/desk/time-off/');
  const values = valuesOf(data, TIME_OFF_FIELDS);
  const parsed = timeOffSchema.safeParse(values);
  if (!parsed.success) return fail('time-off', '/desk/time-off/', parsed.error, values);
  const id = await createTimeOff(await getDb(), parsed.data, by);
  return done('time-off', '/desk/time-off/', 'Time off saved.', `?created=${id}`);
}

export async function deleteTimeOffAction(data: FormData): Promise<void> {
  await staffId('/desk/time-off/');
  const removed = await deleteTimeOff(await getDb(), formText(data, 'id'));
  return done('time-off', '/desk/time-off/', removed ? 'Time off removed.' : 'That time off was already removed.');
}

const closuresPath = (data: FormData) => `/desk/closures/?location=${encodeURIComponent(formText(data, 'location'))}&year=${encodeURIComponent(formText(data, 'date').slice(0, 4))}`;

export async function addClosureAction(data: FormData): Promise<void> {
  const by = await staffId('/desk/closures/');
  const values = valuesOf(data, ['location', 'date', 'name']);
  const parsed = addClosureSchema.safeParse(values);
  if (!parsed.success) return fail('closures', `/desk/closures/?location=${encodeURIComponent(values.location!)}`, parsed.error, values);
  await addClosure(await getDb(), parsed.data, by);
  return done('closures', closuresPath(data), `Closed on ${parsed.data.date}.`, `&closed=${parsed.data.date}`);
}

export async function openDayAction(data: FormData): Promise<void> {
  const by = await staffId('/desk/closures/');
  const parsed = closureDaySchema.safeParse(valuesOf(data, ['location', 'date']));
  if (!parsed.success) return fail('closures', '/desk/closures/', parsed.error, {});
  await openDay(await getDb(), parsed.data, by);
  return done('closures', closuresPath(data), `Open on ${parsed.data.date}.`);
}

export async function restoreHolidayAction(data: FormData): Promise<void> {
  await staffId('/desk/closures/');
  const parsed = closureDaySchema.safeParse(valuesOf(data, ['location', 'date']));
  if (!parsed.success) return fail('closures', '/desk/closures/', parsed.error, {});
  await restoreHoliday(await getDb(), parsed.data);
  return done('closures', closuresPath(data), `Closed again on ${parsed.data.date}.`, `&closed=${parsed.data.date}`);
}

const SHIFT_FIELDS = ['location', 'therapistId', 'areaId', 'weekday', 'from', 'to'] as const;

export async function saveShiftAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/rosters/');
  const values = valuesOf(data, SHIFT_FIELDS);
  const path = `/desk/rosters/?location=${encodeURIComponent(values.location!)}`;
  const parsed = shiftSchema.safeParse(values);
  if (!parsed.success) return fail('rosters', path, parsed.error, values);
  await saveShift(await getDb(), parsed.data, by);
  return done('rosters', path, 'Shift saved.');
}

export async function removeShiftAction(data: FormData): Promise<void> {
  const by = await staffActor('/desk/rosters/');
  const values = valuesOf(data, SHIFT_FIELDS);
  const path = `/desk/rosters/?location=${encodeURIComponent(values.location!)}`;
  const parsed = shiftKeySchema.safeParse(values);
  if (!parsed.success) return fail('rosters', path, parsed.error, values);
  const removed = await removeShift(await getDb(), parsed.data, by);
  return done('rosters', path, removed ? 'Shift removed.' : 'That shift was already removed.');
}
