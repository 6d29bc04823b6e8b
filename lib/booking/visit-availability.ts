import 'server-only';
import { z } from 'zod';
import { hoursOn } from '@/lib/catalog/hours';
import { ANY_THERAPIST_ID, AREA_IDS } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { serviceById } from '@/lib/catalog/catalog';
import { busyFor, customerBusy, heldFor } from './busy';
import { daySpan, nextDate, parseDateInLocationTz, TIME_ZONE, utcMsToLocal, type DateInLocationTz, type SlotStartIso } from './dates';
import type { SlotCaller } from './find-slots';
import { SLOT_STEP_MINUTES, type RosterEntry } from './slots';
import { MAX_BOOKING_MINUTES } from './visit-limits';
import { computeVisitSlots, dayPartOf, type DayPart } from './visit';
import { pastHorizon } from './horizon';
import { earliestStartFor } from './notice';
import { closuresFor, timeOffBusy } from './schedule';
import { shiftsOn, type DayShift } from './shifts';
import { resolveTarget, type BookableTarget } from './target';

/** The day strip of the booking page: this many days from the first asked for. */
export const VISIT_DAYS = 14;

const dateString = z
  .string()
  .refine((v) => parseDateInLocationTz(v) !== undefined, 'must be a date YYYY-MM-DD')
  .transform((v) => v as DateInLocationTz);

const AREA_PATTERN = /^(\d{1,3}):(\d{1,6}):(\d{1,3})$/;

/** `areas=1:0:45,3:4:60`: area id, therapist id (0 any) and minutes of each area, in the order they are chained. */
const areasSchema = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const parts = value.split(',');
    const areas: { areaId: number; therapistId: number; duration: number }[] = [];
    for (const part of parts) {
      const match = AREA_PATTERN.exec(part);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'each area must be areaId:therapistId:minutes' });
        return z.NEVER;
      }
      areas.push({ areaId: Number(match[1]), therapistId: Number(match[2]), duration: Number(match[3]) });
    }
    return areas;
  })
  .refine((areas) => areas.length >= 1 && areas.length <= AREA_IDS.length, `must list 1 to ${AREA_IDS.length} areas`)
  .refine((areas) => new Set(areas.map((a) => a.areaId)).size === areas.length, 'must list each area once')
  .refine(
    (areas) => areas.every((a) => a.duration >= SLOT_STEP_MINUTES && a.duration % SLOT_STEP_MINUTES === 0),
    `each area must take ${SLOT_STEP_MINUTES}-minute steps`,
  )
  .refine((areas) => areas.reduce((sum, a) => sum + a.duration, 0) <= MAX_BOOKING_MINUTES, `a visit takes at most ${MAX_BOOKING_MINUTES} minutes`);

export const visitParamsSchema = z.object({ location: z.string().regex(/^(\d{1,6}|[a-z]{1,30})$/, 'must be a location id or slug') });

export const visitQuerySchema = z
  .object({
    areas: areasSchema,
    /** The first day of the strip. */
    from: dateString,
    /** The day whose times are listed; the strip's first day when absent. */
    date: dateString.optional(),
    days: z
      .string()
      .regex(/^\d{1,2}$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(VISIT_DAYS))
      .optional(),
  })
  .transform((q) => ({ ...q, days: q.days ?? VISIT_DAYS, date: q.date ?? q.from }))
  .refine((q) => q.date >= q.from && q.date <= nextDate(q.from, q.days - 1), { message: 'must be one of the days asked for', path: ['date'] });

export type VisitQueryParams = z.output<typeof visitQuerySchema> & { location: string };

export interface VisitLegView {
  areaId: number;
  start: SlotStartIso;
  /** Local wall-clock time at the location, 'HH:mm'. */
  time: string;
  end: SlotStartIso;
  therapistIds: number[];
}

export interface VisitTimeView {
  start: SlotStartIso;
  time: string;
  end: SlotStartIso;
  endTime: string;
  part: DayPart;
  legs: VisitLegView[];
}

export interface VisitAnswer {
  location: number;
  timeZone: string;
  /** Each day of the strip with how many visit times it has. */
  days: { date: DateInLocationTz; count: number; closure?: string }[];
  date: DateInLocationTz;
  times: VisitTimeView[];
  timestamp: string;
}


/** The roster of one target on one date, from the shifts of lib/booking/shifts.ts. */
export function rosterOn(rows: readonly DayShift[], target: BookableTarget, date: DateInLocationTz): RosterEntry[] {
  return rows
    .filter(
      (r) =>
        r.areaId === target.areaId &&
        r.date === date &&
        target.candidates.includes(r.therapistId) &&
        (target.therapistId === ANY_THERAPIST_ID || r.therapistId === target.therapistId),
    )
    .map((r) => ({ therapistId: r.therapistId, startMinute: r.startMinute ?? undefined, endMinute: r.endMinute ?? undefined }));
}

const local = (iso: string) => utcMsToLocal(Date.parse(iso)).slice(11);

/**
 * The visit times of a cart over the day strip, in one answer: two queries (the rosters of every area, the
 * appointments of every rostered therapist over the days), then the pure engine once per day. Every day gets its
 * count; the day asked for gets its times. Online, none starts inside the location's minimum notice; for the desk
 * (`desk`), any time from now on.
 */
export async function findVisitTimes(db: Db | Tx, query: VisitQueryParams, now: number = Date.now(), holder?: string, caller: SlotCaller = {}): Promise<VisitAnswer> {
  const { customer, channel, serviceIds = [] } = caller;
  // Each area's therapists must do the services of that area the cart holds (`services=`), not only the area.
  const servicesOf = (areaId: number) => serviceIds.filter((id) => serviceById(id)?.areaId === areaId);
  const targets = query.areas.map((a) => resolveTarget(query.location, a.areaId, a.therapistId, { channel, serviceIds: servicesOf(a.areaId) }));
  const desk = channel === 'desk';
  const location = targets[0]!.location;
  const dates = Array.from({ length: query.days }, (_, i) => nextDate(query.from, i));
  const rows = await shiftsOn(db, location, dates);
  const therapistIds = [...new Set(rows.filter((r) => targets.some((t) => t.areaId === r.areaId && t.candidates.includes(r.therapistId))).map((r) => r.therapistId))];
  const span = { start: daySpan(dates[0]!).start, end: daySpan(dates.at(-1)!).end };
  // Times other customers hold while they sign in are taken too (lib/booking/holds.ts); the caller's own are not.
  const busy = [...(await busyFor(db, therapistIds, span)), ...(await heldFor(db, therapistIds, span, holder, now))];
  // The front desk's schedule: time off is busy time, a closed day has no times (lib/booking/schedule.ts).
  busy.push(...(await timeOffBusy(db, therapistIds, dates)));
  busy.push(...(await customerBusy(db, customer, therapistIds, span)));
  const closures = new Map((await closuresFor(db, location, dates[0]!, dates.at(-1)!)).map((c) => [c.date, c.name]));

  const earliest = earliestStartFor(location, now, desk);
  let times: VisitTimeView[] = [];
  const days = dates.map((date) => {
    const areas = targets.map((target, i) => ({ areaId: target.areaId, durationMinutes: query.areas[i]!.duration, roster: rosterOn(rows, target, date) }));
    const closure = closures.get(date);
    const slots = computeVisitSlots({ date, hours: hoursOn(location, date), areas, busy, now: earliest, closed: closure !== undefined || pastHorizon(date, now) });
    if (date === query.date) {
      times = slots.map((slot) => {
        const time = local(slot.start);
        return {
          start: slot.start,
          time,
          end: slot.end,
          endTime: local(slot.end),
          part: dayPartOf(time),
          legs: slot.legs.map((leg) => ({ areaId: leg.areaId, start: leg.start, time: local(leg.start), end: leg.end, therapistIds: leg.therapistIds })),
        };
      });
    }
    return closure === undefined ? { date, count: slots.length } : { date, count: 0, closure };
  });
  return { location, timeZone: TIME_ZONE, days, date: query.date, times, timestamp: new Date(now).toISOString() };
}
