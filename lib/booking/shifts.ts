import 'server-only';
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { ANY_THERAPIST_ID } from '@/lib/catalog/tables';
import { rosterHistory, rosters, shiftChanges } from '@/lib/db/schema';
import { appliesOn, pastOf, weekdayOf, type DateInLocationTz } from './dates';
import type { RosterEntry } from './slots';
import type { BookableTarget } from './target';

/**
 * The one reader of who works when at a location on given dates (docs/decisions.md, 'One-off shift changes' and
 * 'Rosters keep their past'): the weekly roster each date had (rosters, and roster_history for what was changed or
 * removed since, drizzle/0240) with the one-off changes of those dates (shift_changes, drizzle/0180) applied. Slots,
 * visit times, the booking's own check, the waitlist, the desk's day and the reports all read shifts here, so they
 * cannot disagree.
 */

/** A weekly roster row and the New York dates it applies on: null minutes follow the opening hours. */
export interface WeeklyShift {
  therapistId: number;
  areaId: number;
  weekday: number;
  startMinute: number | null;
  endMinute: number | null;
  /** The first date it applies; null since always. */
  validFrom: string | null;
  /** The first date it no longer applies; null while it is the roster now. */
  validUntil: string | null;
}

/**
 * Pure: the weekly rows after one therapist's shift in an area on a weekday is saved with these hours, or removed
 * (null), on the date `from`, as the writers store it: the row it replaces ends on `from` and keeps the dates before,
 * the new one applies from `from` on. Rows that ended before are left as they are.
 */
export function replaceWeeklyShift(
  weekly: readonly WeeklyShift[],
  key: Pick<WeeklyShift, 'therapistId' | 'areaId' | 'weekday'>,
  hours: Pick<WeeklyShift, 'startMinute' | 'endMinute'> | null,
  from: string,
): WeeklyShift[] {
  const replaced = (r: WeeklyShift) => r.validUntil === null && r.therapistId === key.therapistId && r.areaId === key.areaId && r.weekday === key.weekday;
  const rows = weekly.filter((r) => !replaced(r));
  for (const row of weekly.filter(replaced)) {
    const past = pastOf(row, from);
    if (past) rows.push(past);
  }
  if (hours) rows.push({ therapistId: key.therapistId, areaId: key.areaId, weekday: key.weekday, startMinute: hours.startMinute, endMinute: hours.endMinute, validFrom: from, validUntil: null });
  return rows;
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
 * Pure: the shifts of each date, from the weekly rows that applied on that date. A change for a date replaces the
 * therapist's weekly shifts that day (every area they are rostered for that weekday, or, with no weekly shift that
 * weekday, every area they are rostered for at the location on any weekday): none when off, the change's hours
 * otherwise.
 */
export function applyShiftChanges(weekly: readonly WeeklyShift[], changes: readonly DateChange[], dates: readonly DateInLocationTz[]): DayShift[] {
  const shifts: DayShift[] = [];
  for (const date of dates) {
    const weekday = weekdayOf(date);
    const rostered = weekly.filter((row) => appliesOn(row, date));
    const changed = new Map(changes.filter((c) => c.date === date).map((c) => [c.therapistId, c]));
    for (const row of rostered) {
      if (row.weekday === weekday && !changed.has(row.therapistId)) {
        shifts.push({ date, therapistId: row.therapistId, areaId: row.areaId, startMinute: row.startMinute, endMinute: row.endMinute, oneOff: false });
      }
    }
    for (const change of changed.values()) {
      if (change.off) continue;
      const own = rostered.filter((r) => r.therapistId === change.therapistId);
      const thatDay = own.filter((r) => r.weekday === weekday);
      const areas = [...new Set((thatDay.length > 0 ? thatDay : own).map((r) => r.areaId))].sort((a, b) => a - b);
      for (const areaId of areas) {
        shifts.push({ date, therapistId: change.therapistId, areaId, startMinute: change.startMinute, endMinute: change.endMinute, oneOff: true });
      }
    }
  }
  return shifts;
}

/**
 * The weekly rows that applied on any of these dates and the changes of these dates at a location (of one therapist,
 * when given): three queries.
 */
export async function readShiftSources(
  db: Db | Tx,
  location: number,
  dates: readonly DateInLocationTz[],
  options: { therapistId?: number } = {},
): Promise<{ weekly: WeeklyShift[]; changes: DateChange[] }> {
  const only = options.therapistId;
  const sorted = [...dates].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  const [current, past, changes] = await Promise.all([
    db
      .select({ therapistId: rosters.therapistId, areaId: rosters.areaId, weekday: rosters.weekday, startMinute: rosters.startMinute, endMinute: rosters.endMinute, validFrom: rosters.validFrom })
      .from(rosters)
      .where(
        and(
          eq(rosters.location, location),
          only === undefined ? undefined : eq(rosters.therapistId, only),
          last === undefined ? undefined : or(isNull(rosters.validFrom), lte(rosters.validFrom, last)),
        ),
      ),
    first === undefined || last === undefined
      ? []
      : db
          .select({
            therapistId: rosterHistory.therapistId,
            areaId: rosterHistory.areaId,
            weekday: rosterHistory.weekday,
            startMinute: rosterHistory.startMinute,
            endMinute: rosterHistory.endMinute,
            validFrom: rosterHistory.validFrom,
            validUntil: rosterHistory.validUntil,
          })
          .from(rosterHistory)
          .where(
            and(
              eq(rosterHistory.location, location),
              only === undefined ? undefined : eq(rosterHistory.therapistId, only),
              gt(rosterHistory.validUntil, first),
              or(isNull(rosterHistory.validFrom), lte(rosterHistory.validFrom, last)),
            ),
          ),
    dates.length === 0
      ? []
      : db
          .select({ therapistId: shiftChanges.therapistId, date: shiftChanges.date, off: shiftChanges.off, startMinute: shiftChanges.startMinute, endMinute: shiftChanges.endMinute })
          .from(shiftChanges)
          .where(and(eq(shiftChanges.location, location), inArray(shiftChanges.date, [...new Set(dates)]), only === undefined ? undefined : eq(shiftChanges.therapistId, only))),
  ]);
  return { weekly: [...current.map((row) => ({ ...row, validUntil: null })), ...past], changes };
}

/** A rosters row as it was before its writer changed or removed it. */
type RosterRow = Pick<typeof rosters.$inferSelect, 'therapistId' | 'location' | 'areaId' | 'weekday' | 'startMinute' | 'endMinute' | 'validFrom'>;

/**
 * Keeps the past of rosters rows changed or removed on `today` (the New York date of the change) in roster_history,
 * in the writer's transaction: every writer of rosters hands its rows over as they were, so no earlier date loses the
 * shifts it had. A row saved today has no past to keep.
 */
export async function keepRosterPast(tx: Tx, rows: readonly RosterRow[], today: DateInLocationTz): Promise<void> {
  const past = rows.flatMap((row) => {
    const kept = pastOf(row, today);
    return kept
      ? [{ therapistId: kept.therapistId, location: kept.location, areaId: kept.areaId, weekday: kept.weekday, startMinute: kept.startMinute, endMinute: kept.endMinute, validFrom: kept.validFrom, validUntil: kept.validUntil }]
      : [];
  });
  if (past.length > 0) await tx.insert(rosterHistory).values(past);
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
