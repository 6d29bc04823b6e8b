import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { formatLongDate } from '@/lib/booking/schedule';
import { formatClock } from '@/lib/booking/clock';
import { localDateOf, utcMsToLocal } from '@/lib/booking/dates';
import { keepRosterPast } from '@/lib/booking/shifts';
import { therapistById, therapistsFor } from '@/lib/catalog/catalog';
import { hoursTableOf } from '@/lib/catalog/hours';
import type { Weekday } from '@/lib/catalog/snapshot';
import { ANY_THERAPIST_ID, AREAS, AREA_IDS, LOCATIONS, type AreaId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { rosters, users } from '@/lib/db/schema';
import { minutesToTime, timeOfDay, WEEKDAYS } from './schedule';

/**
 * Rosters as the desk edits them (docs/decisions.md, 'Rosters'): who works which area at a location on which
 * weekday and hours. The catalogue says which areas a therapist serves at a location (the static pages list them);
 * the roster says when. Hours must lie inside that weekday's opening hours at the location (lib/catalog/hours.ts); a
 * shift without hours of its own follows the opening hours as the owner changes them. A change applies from the New
 * York date it is made: the dates before keep the shift they had (roster_history, docs/decisions.md 'Rosters keep
 * their past').
 */

export interface ShiftView {
  therapistId: number;
  therapistName: string;
  areaId: number;
  areaName: string;
  weekday: number;
  /** 'HH:mm' local. */
  from: string;
  to: string;
  /** Who last changed it at /desk/rosters/ (null: the seed's, or an account since erased), and the New York day. */
  changedBy: string | null;
  changedOn: string;
  /** The location does not open on that weekday (its opening hours changed since): nobody works the shift. */
  closed: boolean;
}

/** '2:30 PM' for minutes after midnight. */
export const clock = (minutes: number) => formatClock(minutesToTime(minutes));

/** The weekly opening hours of a weekday at a location (special dates aside), or null when it does not open then. */
const opening = (location: number, weekday: number) => {
  const hours = hoursTableOf(location).week[weekday as Weekday];
  return hours ? { start: hours.open, end: hours.close } : null;
};

/** A location's shifts by therapist, area and weekday; a null hour reads as the opening hours. */
export async function listRoster(db: Db, location: number): Promise<ShiftView[]> {
  const rows = await db
    .select({ shift: rosters, changedBy: users.name })
    .from(rosters)
    .leftJoin(users, eq(users.id, rosters.updatedBy))
    .where(eq(rosters.location, location))
    .orderBy(asc(rosters.therapistId), asc(rosters.areaId), asc(rosters.weekday));
  return rows.map(({ shift: r, changedBy }) => {
    const open = opening(location, r.weekday);
    return {
      therapistId: r.therapistId,
      therapistName: therapistById(r.therapistId)?.name ?? `Therapist ${r.therapistId}`,
      areaId: r.areaId,
      areaName: AREAS[r.areaId as AreaId] ?? String(r.areaId),
      weekday: r.weekday,
      from: minutesToTime(r.startMinute ?? open?.start ?? 0),
      to: minutesToTime(r.endMinute ?? open?.end ?? 0),
      changedBy: r.updatedBy === null ? null : changedBy,
      changedOn: formatLongDate(utcMsToLocal(r.updatedAt.getTime()).slice(0, 10)),
      closed: open === null,
    };
  });
}

/** The therapists who may be rostered for an area at a location (by the catalogue). */
export function qualified(location: number, areaId: number): number[] {
  return therapistsFor(location, areaId)
    .map((t) => t.id)
    .filter((id) => id !== ANY_THERAPIST_ID);
}

const key = {
  location: z.coerce
    .number()
    .int()
    .refine((id) => LOCATIONS.some((l) => l.id === id), 'Choose a location.'),
  therapistId: z.coerce.number().int().min(1, 'Choose a therapist.'),
  areaId: z.coerce
    .number()
    .int()
    .refine((id) => (AREA_IDS as readonly number[]).includes(id), 'Choose an area.'),
  weekday: z.coerce.number().int().min(0, 'Choose a weekday.').max(6, 'Choose a weekday.'),
};

export const shiftKeySchema = z.object(key);

export const shiftSchema = z
  .object({ ...key, from: timeOfDay, to: timeOfDay })
  .superRefine((v, ctx) => {
    if (!qualified(v.location, v.areaId).includes(v.therapistId)) {
      const name = therapistById(v.therapistId)?.name ?? 'That therapist';
      ctx.addIssue({ code: 'custom', path: ['areaId'], message: `${name} does not serve ${AREAS[v.areaId as AreaId]} at this location.` });
      return;
    }
    if (v.to <= v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start.' });
      return;
    }
    const open = opening(v.location, v.weekday);
    if (!open) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: `${LOCATIONS.find((l) => l.id === v.location)?.name ?? 'The location'} is closed on ${WEEKDAYS[v.weekday]}s: choose another weekday.` });
      return;
    }
    if (v.from < open.start || v.to > open.end) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `${WEEKDAYS[v.weekday]} opening hours are ${clock(open.start)} to ${clock(open.end)}; keep the shift inside them.`,
      });
    }
  });
export type ShiftInput = z.output<typeof shiftSchema>;

type ShiftRow = typeof rosters.$inferSelect;
type ShiftKey = z.output<typeof shiftKeySchema>;

const keyOf = (shift: ShiftKey) =>
  and(eq(rosters.therapistId, shift.therapistId), eq(rosters.location, shift.location), eq(rosters.areaId, shift.areaId), eq(rosters.weekday, shift.weekday));

/** 'Tuesday, Hair Removal: 10:00 AM to 8:00 PM' (null minutes: the opening hours). */
function describeShift(row: Pick<ShiftRow, 'location' | 'areaId' | 'weekday' | 'startMinute' | 'endMinute'>): string {
  const { from, to } = shiftRecord(row);
  return `${WEEKDAYS[row.weekday]}, ${AREAS[row.areaId as AreaId] ?? row.areaId}: ${formatClock(from)} to ${formatClock(to)}`;
}

function shiftRecord(row: Pick<ShiftRow, 'location' | 'areaId' | 'weekday' | 'startMinute' | 'endMinute'>) {
  const open = opening(row.location, row.weekday);
  return { areaId: row.areaId, weekday: row.weekday, from: minutesToTime(row.startMinute ?? open?.start ?? 0), to: minutesToTime(row.endMinute ?? open?.end ?? 0) };
}

/** The activity entry of a roster change: 'rosters', about the therapist at the location. */
async function recordShift(tx: Tx, actor: ActivityActor, shift: ShiftKey, action: string, summary: string, before: ShiftRow | undefined, after: ShiftRow | undefined) {
  const therapist = therapistById(shift.therapistId)?.name ?? `Therapist ${shift.therapistId}`;
  const location = LOCATIONS.find((l) => l.id === shift.location)?.name ?? String(shift.location);
  await recordActivity(tx, actor, {
    kind: 'rosters',
    action,
    subject: `${therapist} at ${location}`,
    summary,
    before: before ? shiftRecord(before) : null,
    after: after ? shiftRecord(after) : null,
  });
}

/**
 * Adds a weekday shift, or changes its hours when it exists, from today (New York) on; whole opening hours are stored
 * as nulls. The hours it had stay on the dates before. The shift keeps who changed it, and the change is an activity
 * entry (kind 'rosters') in the same transaction; saving the same hours again changes nothing.
 */
export async function saveShift(db: Db, shift: ShiftInput, actor: ActivityActor, now: number = Date.now()): Promise<void> {
  const open = opening(shift.location, shift.weekday);
  const startMinute = shift.from === open?.start ? null : shift.from;
  const endMinute = shift.to === open?.end ? null : shift.to;
  const today = localDateOf(now);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(rosters).where(keyOf(shift)).for('update');
    if (before && before.startMinute === startMinute && before.endMinute === endMinute) return;
    if (before) await keepRosterPast(tx, [before], today);
    const changed = { startMinute, endMinute, validFrom: today, updatedBy: actor.userId };
    const [after] = await tx
      .insert(rosters)
      .values({ therapistId: shift.therapistId, location: shift.location, areaId: shift.areaId, weekday: shift.weekday, ...changed })
      .onConflictDoUpdate({ target: [rosters.therapistId, rosters.location, rosters.areaId, rosters.weekday], set: { ...changed, updatedAt: new Date() } })
      .returning();
    const summary = before ? `${describeShift(before)} → ${describeShift(after!).split(': ')[1]}` : `Added ${describeShift(after!)}`;
    await recordShift(tx, actor, shift, before ? 'changed' : 'added', summary, before, after);
  });
}

/** Removes a weekday shift from today (New York) on: the dates before keep it. */
export async function removeShift(db: Db, shift: ShiftKey, actor: ActivityActor, now: number = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(rosters).where(keyOf(shift)).returning();
    if (!removed) return false;
    await keepRosterPast(tx, [removed], localDateOf(now));
    await recordShift(tx, actor, shift, 'removed', `Removed ${describeShift(removed)}`, removed, undefined);
    return true;
  });
}

/** The week grid's weekday order: Monday first, as the salon's hours read. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One cell of the week grid: a therapist's shifts on a weekday, grouped by hours ('10:00 AM to 8:00 PM': areas). */
export interface WeekCell {
  weekday: number;
  lines: { hours: string; areas: string[] }[];
}

/** The week grid of a location (pure): one row per therapist, one cell per weekday from Monday. */
export function rosterWeek(shifts: readonly ShiftView[], people: readonly { id: number; name: string }[], closedLabel: string): { therapist: { id: number; name: string }; cells: WeekCell[] }[] {
  return people.map((therapist) => ({
    therapist,
    cells: WEEK_ORDER.map((weekday) => {
      const lines: WeekCell['lines'] = [];
      for (const s of shifts.filter((x) => x.therapistId === therapist.id && x.weekday === weekday)) {
        const hours = s.closed ? closedLabel : `${formatClock(s.from)} to ${formatClock(s.to)}`;
        const line = lines.find((l) => l.hours === hours);
        if (line) line.areas.push(s.areaName);
        else lines.push({ hours, areas: [s.areaName] });
      }
      return { weekday, lines };
    }),
  }));
}
