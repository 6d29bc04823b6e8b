import 'server-only';
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { localDateOf, parseDateInLocationTz, utcMsToLocal, weekdayOf, type DateInLocationTz } from '@/lib/booking/dates';
import { formatLongDate } from '@/lib/booking/schedule';
import { applyShiftChanges, readShiftSources, replaceWeeklyShift, type DateChange, type DayShift, type WeeklyShift } from '@/lib/booking/shifts';
import { therapistById } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { AREAS, LOCATIONS, type AreaId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { appointments, rosters, shiftChanges, users } from '@/lib/db/schema';
import { clock, shiftKeySchema, shiftSchema } from './rosters';
import { minutesToTime, timeOfDay, WEEKDAYS } from './schedule';

type ShiftKeyInput = z.output<typeof shiftKeySchema>;

/**
 * What a roster change does to booked visits, and the one-off changes of a single date (docs/decisions.md, 'Rosters
 * that tell'). A change that leaves booked visits outside every shift of their therapist is shown with those visits
 * and done only once the desk confirms it; the visits stay booked (the day view marks them) for the desk to move.
 */

/** A change the rosters page makes: a weekly shift saved or removed (hours null), or one date's change. */
export type RosterChange =
  | { kind: 'weekly'; location: number; therapistId: number; areaId: number; weekday: number; hours: { from: number; to: number } | null }
  | { kind: 'once'; location: number; therapistId: number; date: DateInLocationTz; hours: { from: number; to: number } | 'off' | null };

/**
 * The weekly rows and changes after the change made on `today` (pure): a weekly change applies from that date on, as
 * saveShift and removeShift store it. Saved hours equal to the opening hours read as them.
 */
export function applyRosterChange(sources: { weekly: readonly WeeklyShift[]; changes: readonly DateChange[] }, change: RosterChange, today: DateInLocationTz) {
  if (change.kind === 'weekly') {
    const hours = change.hours ? { startMinute: change.hours.from, endMinute: change.hours.to } : null;
    return { weekly: replaceWeeklyShift(sources.weekly, change, hours, today), changes: [...sources.changes] };
  }
  const changes = sources.changes.filter((c) => !(c.therapistId === change.therapistId && c.date === change.date));
  if (change.hours === 'off') changes.push({ therapistId: change.therapistId, date: change.date, off: true, startMinute: null, endMinute: null });
  else if (change.hours) changes.push({ therapistId: change.therapistId, date: change.date, off: false, startMinute: change.hours.from, endMinute: change.hours.to });
  return { weekly: [...sources.weekly], changes };
}

/** A booked visit as the confirm rule reads it: its area, date and local minutes. */
export interface VisitSpan {
  id: string;
  therapistId: number;
  areaId: number;
  date: DateInLocationTz;
  startMinute: number;
  endMinute: number;
}

/**
 * The confirm rule (pure): the visits a shift covered before the change and none covers after it. A shift covers a
 * visit of its therapist and area on its date from start to end (null hours: the opening hours of that date).
 */
export function visitsLeftOut<V extends VisitSpan>(visits: readonly V[], before: readonly DayShift[], after: readonly DayShift[], opening: (date: DateInLocationTz) => { open: number; close: number } | null): V[] {
  const covered = (shifts: readonly DayShift[], v: VisitSpan) =>
    shifts.some((s) => {
      if (s.date !== v.date || s.therapistId !== v.therapistId || s.areaId !== v.areaId) return false;
      const hours = opening(v.date);
      if (!hours) return false;
      const start = Math.max(s.startMinute ?? hours.open, hours.open);
      const end = Math.min(s.endMinute ?? hours.close, hours.close);
      return v.startMinute >= start && v.endMinute <= end;
    });
  return visits.filter((v) => covered(before, v) && !covered(after, v));
}

/** A booked visit the change would leave without a shift: whom, when and what, for the desk to move. */
export interface LeftOutVisit extends VisitSpan {
  customerName: string;
  /** 'Saturday, March 6, 2027' and '2:00 PM to 3:00 PM'. */
  day: string;
  time: string;
  services: string[];
  area: string;
}

const minutesOf = (ms: number) => {
  const local = utcMsToLocal(ms);
  return Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
};

/** The therapist's booked visits at the location, not yet over, that the change would leave outside every shift. */
export async function visitsAffectedBy(db: Db | Tx, change: RosterChange, now: number = Date.now()): Promise<LeftOutVisit[]> {
  const rows = await db
    .select({ id: appointments.id, areaId: appointments.areaId, startsAt: appointments.startsAt, endsAt: appointments.endsAt, lines: appointments.lines, customerName: users.name })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.customerId))
    .where(and(eq(appointments.therapistId, change.therapistId), eq(appointments.location, change.location), eq(appointments.status, 'booked'), gt(appointments.endsAt, new Date(now))))
    .orderBy(asc(appointments.startsAt));
  const visits = rows
    .map((r) => {
      const date = localDateOf(r.startsAt.getTime());
      const startMinute = minutesOf(r.startsAt.getTime());
      // A visit that runs past midnight reads as ending at midnight: no shift reaches past it anyway.
      const endMinute = localDateOf(r.endsAt.getTime()) === date ? minutesOf(r.endsAt.getTime()) : 24 * 60;
      return {
        id: r.id,
        therapistId: change.therapistId,
        areaId: r.areaId,
        date,
        startMinute,
        endMinute,
        customerName: r.customerName,
        day: formatLongDate(date),
        time: `${clock(startMinute)} to ${clock(endMinute)}`,
        services: r.lines.map((line) => line.name),
        area: AREAS[r.areaId as AreaId] ?? String(r.areaId),
      };
    })
    .filter((v) => (change.kind === 'weekly' ? weekdayOf(v.date) === change.weekday && v.areaId === change.areaId : v.date === change.date));
  if (visits.length === 0) return [];
  const dates = [...new Set(visits.map((v) => v.date))];
  const sources = await readShiftSources(db, change.location, dates, { therapistId: change.therapistId });
  const before = applyShiftChanges(sources.weekly, sources.changes, dates);
  const changed = applyRosterChange(sources, change, localDateOf(now));
  const after = applyShiftChanges(changed.weekly, changed.changes, dates);
  return visitsLeftOut(visits, before, after, (date) => hoursOn(change.location, date));
}

// One-off changes of a single date

const locationName = (id: number) => LOCATIONS.find((l) => l.id === id)?.name ?? `Location ${id}`;
const therapistName = (id: number) => therapistById(id)?.name ?? `Therapist ${id}`;

export const shiftChangeKeySchema = z.object({
  location: z.coerce
    .number()
    .int()
    .refine((id) => LOCATIONS.some((l) => l.id === id), 'Choose a location.'),
  therapistId: z.coerce.number().int().min(1, 'Choose a therapist.'),
  date: z
    .string()
    .refine((v) => parseDateInLocationTz(v) !== undefined, 'Enter a date.')
    .transform((v) => v as DateInLocationTz),
});

/** A one-off change as the form posts it: `kind` 'hours' (with from and to) or 'off'. Dates before today are refused. */
export function shiftChangeSchema(now: number = Date.now()) {
  return shiftChangeKeySchema
    .extend({
      kind: z.enum(['hours', 'off'], { message: 'Choose whether they work other hours or are off.' }),
      from: z.string().optional(),
      to: z.string().optional(),
    })
    .transform((v, ctx) => {
      if (v.date < localDateOf(now)) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose today or a later date.' });
        return z.NEVER;
      }
      const opening = hoursOn(v.location, v.date);
      if (!opening) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: `${locationName(v.location)} is closed on ${formatLongDate(v.date)}: choose another date.` });
        return z.NEVER;
      }
      if (v.kind === 'off') return { location: v.location, therapistId: v.therapistId, date: v.date, hours: 'off' as const };
      const from = timeOfDay.safeParse(v.from);
      const to = timeOfDay.safeParse(v.to);
      if (!from.success || !to.success) {
        ctx.addIssue({ code: 'custom', path: [from.success ? 'to' : 'from'], message: 'Enter a time.' });
        return z.NEVER;
      }
      if (to.data <= from.data) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start.' });
        return z.NEVER;
      }
      if (from.data < opening.open || to.data > opening.close) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: `Opening hours that day are ${clock(opening.open)} to ${clock(opening.close)}; keep the hours inside them.` });
        return z.NEVER;
      }
      return { location: v.location, therapistId: v.therapistId, date: v.date, hours: { from: from.data, to: to.data } };
    });
}
export type ShiftChangeInput = z.output<ReturnType<typeof shiftChangeSchema>>;
export type ShiftChangeKey = z.output<typeof shiftChangeKeySchema>;

export interface ShiftChangeView {
  therapistId: number;
  therapistName: string;
  date: DateInLocationTz;
  /** 'Saturday, March 6, 2027'. */
  day: string;
  /** 'Off' or '12:00 PM to 4:00 PM'. */
  hours: string;
  off: boolean;
  changedBy: string | null;
}

/** The location's one-off changes from today on, by date then therapist. */
export async function listShiftChanges(db: Db, location: number, now: number = Date.now()): Promise<ShiftChangeView[]> {
  const rows = await db
    .select({ change: shiftChanges, changedBy: users.name })
    .from(shiftChanges)
    .leftJoin(users, eq(users.id, shiftChanges.updatedBy))
    .where(and(eq(shiftChanges.location, location), gte(shiftChanges.date, localDateOf(now))))
    .orderBy(asc(shiftChanges.date), asc(shiftChanges.therapistId));
  return rows.map(({ change: c, changedBy }) => ({
    therapistId: c.therapistId,
    therapistName: therapistName(c.therapistId),
    date: c.date as DateInLocationTz,
    day: formatLongDate(c.date),
    hours: c.off ? 'Off' : `${clock(c.startMinute!)} to ${clock(c.endMinute!)}`,
    off: c.off,
    changedBy: c.updatedBy === null ? null : changedBy,
  }));
}

const describeChange = (row: { date: string; off: boolean; startMinute: number | null; endMinute: number | null }) =>
  `${formatLongDate(row.date)}: ${row.off ? 'off' : `${clock(row.startMinute!)} to ${clock(row.endMinute!)}`}`;
const changeRecord = (row: { date: string; off: boolean; startMinute: number | null; endMinute: number | null }) => ({
  date: row.date,
  off: row.off,
  from: row.startMinute === null ? null : minutesToTime(row.startMinute),
  to: row.endMinute === null ? null : minutesToTime(row.endMinute),
});

async function recordChange(tx: Tx, actor: ActivityActor, key: ShiftChangeKey, action: string, summary: string, before: object | null, after: object | null) {
  await recordActivity(tx, actor, { kind: 'rosters', action, subject: `${therapistName(key.therapistId)} at ${locationName(key.location)}`, summary, before, after });
}

/** Why a one-off change cannot be saved: the therapist has no weekly shift at the location to change. */
export class NotRosteredHere extends Error {}

/**
 * Saves one date's change (off, or other hours) for a therapist rostered at the location, replacing an earlier change
 * of that date; recorded in the activity log (kind 'rosters') in the same transaction. Saving the same again changes
 * nothing.
 */
export async function saveShiftChange(db: Db, input: ShiftChangeInput, actor: ActivityActor): Promise<void> {
  const off = input.hours === 'off';
  const startMinute = input.hours === 'off' ? null : input.hours.from;
  const endMinute = input.hours === 'off' ? null : input.hours.to;
  await db.transaction(async (tx) => {
    const [rostered] = await tx
      .select({ therapistId: rosters.therapistId })
      .from(rosters)
      .where(and(eq(rosters.therapistId, input.therapistId), eq(rosters.location, input.location)))
      .limit(1);
    if (!rostered) throw new NotRosteredHere(`${therapistName(input.therapistId)} has no weekly shift at ${locationName(input.location)}: add one first.`);
    const key = and(eq(shiftChanges.therapistId, input.therapistId), eq(shiftChanges.location, input.location), eq(shiftChanges.date, input.date));
    const [before] = await tx.select().from(shiftChanges).where(key).for('update');
    if (before && before.off === off && before.startMinute === startMinute && before.endMinute === endMinute) return;
    const values = { off, startMinute, endMinute, updatedBy: actor.userId, updatedAt: new Date() };
    const [after] = await tx
      .insert(shiftChanges)
      .values({ therapistId: input.therapistId, location: input.location, date: input.date, ...values })
      .onConflictDoUpdate({ target: [shiftChanges.therapistId, shiftChanges.location, shiftChanges.date], set: values })
      .returning();
    const summary = before ? `This date only, ${describeChange(before)} → ${describeChange(after!).split(': ')[1]}` : `This date only, ${describeChange(after!)}`;
    await recordChange(tx, actor, input, before ? 'changed' : 'added', summary, before ? changeRecord(before) : null, changeRecord(after!));
  });
}

/** Removes one date's change: the weekly shift applies that date again. */
export async function removeShiftChange(db: Db, key: ShiftChangeKey, actor: ActivityActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(shiftChanges)
      .where(and(eq(shiftChanges.therapistId, key.therapistId), eq(shiftChanges.location, key.location), eq(shiftChanges.date, key.date)))
      .returning();
    if (!removed) return false;
    await recordChange(tx, actor, key, 'removed', `This date only, removed ${describeChange(removed)}`, changeRecord(removed), null);
    return true;
  });
}

// The confirm step: the change waiting for the desk's yes, read back from the page's address

export type ConfirmStep = 'save' | 'remove' | 'once' | 'unonce';

export interface PendingChange {
  step: ConfirmStep;
  change: RosterChange;
  /** The form fields to post again, with confirmed=1. */
  values: Record<string, string>;
  /** 'Remove Sofia Russo's Monday shift in Brow & Lashes?' */
  question: string;
  /** The button that makes the change anyway. */
  action: string;
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 200) : '');

/** The change the address asks to confirm (`confirm=save|remove|once|unonce` and its fields), or undefined. */
export function pendingChange(params: Record<string, string | string[] | undefined>, now: number = Date.now()): PendingChange | undefined {
  const step = one(params.confirm);
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, one(params[n])]));
  const who = (id: number) => `${therapistName(id)}’s`;
  if (step === 'save' || step === 'remove') {
    const values = pick(step === 'save' ? ['location', 'therapistId', 'areaId', 'weekday', 'from', 'to'] : ['location', 'therapistId', 'areaId', 'weekday']);
    const parsed = (step === 'save' ? shiftSchema : shiftKeySchema).safeParse(values);
    if (!parsed.success) return undefined;
    const shift = parsed.data as ShiftKeyInput & { from?: number; to?: number };
    const hours = step === 'save' ? { from: shift.from!, to: shift.to! } : null;
    const what = `${who(shift.therapistId)} ${WEEKDAYS[shift.weekday]} shift in ${AREAS[shift.areaId as AreaId] ?? shift.areaId}`;
    return hours
      ? { step, change: { kind: 'weekly', ...shift, hours }, values, question: `Change ${what} to ${clock(hours.from)} to ${clock(hours.to)}?`, action: 'Save the shift anyway' }
      : { step, change: { kind: 'weekly', ...shift, hours }, values, question: `Remove ${what}?`, action: 'Remove the shift anyway' };
  }
  if (step === 'once') {
    const values = pick(['location', 'therapistId', 'date', 'kind', 'from', 'to']);
    const parsed = shiftChangeSchema(now).safeParse(values);
    if (!parsed.success) return undefined;
    const c = parsed.data;
    const hours = c.hours === 'off' ? 'off' : `${clock(c.hours.from)} to ${clock(c.hours.to)}`;
    return { step, change: { kind: 'once', ...c }, values, question: `${therapistName(c.therapistId)} ${hours} on ${formatLongDate(c.date)} only?`, action: 'Save for this date anyway' };
  }
  if (step === 'unonce') {
    const values = pick(['location', 'therapistId', 'date']);
    const parsed = shiftChangeKeySchema.safeParse(values);
    if (!parsed.success) return undefined;
    const c = parsed.data;
    return { step, change: { kind: 'once', ...c, hours: null }, values, question: `Back to ${who(c.therapistId)} weekly shift on ${formatLongDate(c.date)}?`, action: 'Remove the change anyway' };
  }
  return undefined;
}
