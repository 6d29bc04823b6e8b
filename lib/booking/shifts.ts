import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { ANY_THERAPIST_ID } from '@/lib/catalog/tables';
import { rosters, shiftChanges } from '@/lib/db/schema';
import { weekdayOf, type DateInLocationTz } from './dates';
import type { RosterEntry } from './slots';
import type { BookableTarget } from './target';

/**
 * The one reader of who works when at a location on given dates (docs/decisions.md, 'One-off shift changes'): the
 * weekly roster with the one-off changes of those dates (shift_changes, drizzle/0180) applied. Slots, visit times,
 * the booking's own check, the waitlist and the desk's day all read shifts here, so they cannot disagree.
 */

/** A weekly roster row: null minutes follow the opening hours. */
export interface WeeklyShift {
  therapistId: number;
  areaId: number;
  weekday: number;
  startMinute: number | null;
  endMinute: number | null;
}

/** A change of one therapist's shift at the location on one date: off, or these hours. */
export interface DateChange {
  therapistId: number;
  date: string;
  off: boolean;
  startMinute: number | null;
  endMinute: number | null;
}

/** One therapist's shift in one area on one date. */
export interface DayShift {
  date: DateInLocationTz;
  therapistId: number;
  areaId: number;
  /** Local minutes after midnight; null follows the opening hours. */
  startMinute: number | null;
  endMinute: number | null;
  /** The hours come from a one-off change of that date, not the weekly pattern. */
  oneOff: boolean;
}

/**
 * Pure: the shifts of each date. A change for a date replaces the therapist's weekly shifts that day (every area they
 * are rostered for that weekday, or, with no weekly shift that weekday, every area they are rostered for at the
 * location on any weekday): none when off, the change's hours otherwise.
 */
export function applyShiftChanges(weekly: readonly WeeklyShift[], changes: readonly DateChange[], dates: readonly DateInLocationTz[]): DayShift[] {
  const shifts: DayShift[] = [];
  for (const date of dates) {
    const weekday = weekdayOf(date);
    const changed = new Map(changes.filter((c) => c.date === date).map((c) => [c.therapistId, c]));
    for (const row of weekly) {
      if (row.weekday === weekday && !changed.has(row.therapistId)) {
        shifts.push({ date, therapistId: row.therapistId, areaId: row.areaId, startMinute: row.startMinute, endMinute: row.endMinute, oneOff: false });
      }
    }
    for (const change of changed.values()) {
      if (change.off) continue;
      const own = weekly.filter((r) => r.therapistId === change.therapistId);
      const thatDay = own.filter((r) => r.weekday === weekday);
      const areas = [...new Set((thatDay.length > 0 ? thatDay : own).map((r) => r.areaId))].sort((a, b) => a - b);
      for (const areaId of areas) {
        shifts.push({ date, therapistId: change.therapistId, areaId, startMinute: change.startMinute, endMinute: change.endMinute, oneOff: true });
      }
    }
  }
  return shifts;
}

/** The weekly rows and the changes of these dates at a location (of one therapist, when given): two queries. */
export async function readShiftSources(
  db: Db | Tx,
  location: number,
  dates: readonly DateInLocationTz[],
  options: { therapistId?: number } = {},
): Promise<{ weekly: WeeklyShift[]; changes: DateChange[] }> {
  const only = options.therapistId;
  const [weekly, changes] = await Promise.all([
    db
      .select({ therapistId: rosters.therapistId, areaId: rosters.areaId, weekday: rosters.weekday, startMinute: rosters.startMinute, endMinute: rosters.endMinute })
      .from(rosters)
      .where(and(eq(rosters.location, location), only === undefined ? undefined : eq(rosters.therapistId, only))),
    dates.length === 0
      ? []
      : db
          .select({ therapistId: shiftChanges.therapistId, date: shiftChanges.date, off: shiftChanges.off, startMinute: shiftChanges.startMinute, endMinute: shiftChanges.endMinute })
          .from(shiftChanges)
          .where(and(eq(shiftChanges.location, location), inArray(shiftChanges.date, [...new Set(dates)]), only === undefined ? undefined : eq(shiftChanges.therapistId, only))),
  ]);
  return { weekly, changes };
}

/** The shifts at a location on these dates (of one therapist, when given). */
export async function shiftsOn(db: Db | Tx, location: number, dates: readonly DateInLocationTz[], options: { therapistId?: number } = {}): Promise<DayShift[]> {
  if (dates.length === 0) return [];
  const { weekly, changes } = await readShiftSources(db, location, dates, options);
  return applyShiftChanges(weekly, changes, dates);
}

/** The rostered therapists of an area at a location on a date (all of them, or the one asked for), one-off changes applied. */
export async function rosterFor(db: Db | Tx, target: BookableTarget, date: DateInLocationTz): Promise<RosterEntry[]> {
  const only = target.therapistId === ANY_THERAPIST_ID ? undefined : target.therapistId;
  const shifts = await shiftsOn(db, target.location, [date], { therapistId: only });
  return shifts
    .filter((s) => s.areaId === target.areaId && target.candidates.includes(s.therapistId))
    .map((s) => ({ therapistId: s.therapistId, startMinute: s.startMinute ?? undefined, endMinute: s.endMinute ?? undefined }));
}
