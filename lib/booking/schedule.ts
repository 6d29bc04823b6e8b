import 'server-only';
import { and, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { therapistById } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { ANY_THERAPIST_ID, LOCATIONS } from '@/lib/catalog/tables';
import { closuresBetween, type Closure } from '@/lib/desk/holidays';
import type { Db, Tx } from '@/lib/db';
import { locationClosures, therapistTimeOff } from '@/lib/db/schema';
import { blockedIntervals, crossesBlock, type TimeOff } from './blocks';
import { daySpan, nextDate, type DateInLocationTz } from './dates';
import type { BusyInterval } from './slots';
import { overlapsSpan } from './overlap-sql';

/**
 * What the slot engines and the booking checks read of the front desk's schedule (lib/desk/schedule.ts writes it):
 * each location's closed days and each therapist's time off.
 */

/** What a day the location does not open on by its weekly hours is called where closures are named. */
export const WEEKLY_DAY_OFF = 'weekly day off';

/**
 * The closed days of a location between two dates (inclusive): federal holidays by rule, with staff's overrides,
 * and the days its opening hours (lib/catalog/hours.ts) leave closed.
 */
export async function closuresFor(db: Db | Tx, location: number, from: DateInLocationTz, to: DateInLocationTz): Promise<Closure[]> {
  const overrides = await db
    .select({ date: locationClosures.date, name: locationClosures.name, closed: locationClosures.closed })
    .from(locationClosures)
    .where(and(eq(locationClosures.location, location), gte(locationClosures.date, from), lte(locationClosures.date, to)));
  const closures = closuresBetween(from, to, overrides);
  const named = new Set(closures.map((c) => c.date));
  for (let date = from; date <= to; date = nextDate(date)) {
    if (!named.has(date) && hoursOn(location, date) === null) closures.push({ date, name: WEEKLY_DAY_OFF, source: 'hours' });
  }
  return closures.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** The name of the closure of a location on a date, or undefined when it is open. */
export async function closureOn(db: Db | Tx, location: number, date: DateInLocationTz): Promise<string | undefined> {
  return (await closuresFor(db, location, date, date))[0]?.name;
}

/** The time off of these therapists on these days, as busy intervals for the slot engines. */
export async function timeOffBusy(db: Db | Tx, therapistIds: readonly number[], dates: readonly DateInLocationTz[]): Promise<BusyInterval[]> {
  if (therapistIds.length === 0 || dates.length === 0) return [];
  const span = { start: daySpan(dates[0]!).start, end: daySpan(dates.at(-1)!).end };
  const rows = await db
    .select()
    .from(therapistTimeOff)
    .where(
      and(
        inArray(therapistTimeOff.therapistId, [...therapistIds]),
        or(
          isNotNull(therapistTimeOff.weekday),
          and(
            isNull(therapistTimeOff.weekday),
            overlapsSpan(therapistTimeOff.startsAt, therapistTimeOff.endsAt, span),
          ),
        ),
      ),
    );
  return blockedIntervals(rows.map(toTimeOff), dates);
}

export function toTimeOff(row: typeof therapistTimeOff.$inferSelect): TimeOff {
  if (row.weekday !== null) {
    return {
      therapistId: row.therapistId,
      kind: 'weekly',
      weekday: row.weekday,
      startMinute: row.startMinute ?? 0,
      endMinute: row.endMinute ?? 0,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
    };
  }
  return { therapistId: row.therapistId, kind: 'once', start: row.startsAt!.getTime(), end: row.endsAt!.getTime() };
}

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Thursday, November 26, 2026' for a calendar date. */
export function formatLongDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

export const CLOSED_STATUS = 422;

/**
 * The booking check of the schedule (create, back-office create, reschedule and hold all come through `rosteredFor`):
 * a closed day is refused, and so is a time that crosses the time off of the therapist asked for; for 'any
 * therapist' the ones away are dropped, and the time is refused only when nobody is left. A 422 with its own code
 * and a sentence the booking page shows; 416 stays the answer of a lost race (docs/decisions.md, 'Closures').
 */
export async function refuseClosedOrBlocked(
  tx: Db | Tx,
  area: { target: { location: number; therapistId: number }; start: number; end: number; field: string },
  date: DateInLocationTz,
  candidates: number[],
): Promise<number[]> {
  const field = `${area.field}.svcDate`;
  const closure = await closureOn(tx, area.target.location, date);
  if (closure !== undefined) {
    const name = LOCATIONS.find((l) => l.id === area.target.location)?.name ?? 'The salon';
    const message = `${name} is closed on ${formatLongDate(date)} (${closure}). Please choose another day.`;
    throw new ApiError(CLOSED_STATUS, 'closed', message, { [field]: message });
  }
  const blocked = await timeOffBusy(tx, candidates, [date]);
  const free = candidates.filter((id) => !crossesBlock(id, area, blocked));
  if (free.length === 0) {
    const named = area.target.therapistId !== ANY_THERAPIST_ID ? therapistById(area.target.therapistId)?.name : undefined;
    const message = named
      ? `${named} is away at that time. Please choose another time or therapist.`
      : 'No therapist is working at that time. Please choose another time.';
    throw new ApiError(CLOSED_STATUS, 'time_off', message, { [field]: message });
  }
  return free;
}
