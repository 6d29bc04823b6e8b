import 'server-only';
import { hoursOn } from '@/lib/catalog/hours';
import type { DayHours } from '@/lib/catalog/snapshot';
import type { LocationId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { busyFor, customerBusy, heldFor, type SlotCustomer } from './busy';
import { daySpan, openingWindow, TIME_ZONE, utcMsToLocal, type DateInLocationTz, type SlotStartIso } from './dates';
import { pastHorizon } from './horizon';
import { earliestStartFor } from './notice';
import { closureOn, timeOffBusy } from './schedule';
import { rosterFor } from './shifts';
import type { SlotParams } from './slot-query';
import { computeSlots } from './slots';
import { resolveTarget, type BookingChannel } from './target';

/** Who a slot or visit-time list is for: the customer (their own visits left out), the channel, the services. */
export interface SlotCaller {
  customer?: SlotCustomer;
  channel?: BookingChannel;
  serviceIds?: readonly string[];
}

export interface SlotView {
  /** UTC instant. */
  start: SlotStartIso;
  /** Local wall-clock time at the location, 'HH:mm'. */
  time: string;
  therapistIds: number[];
}

export interface SlotsAnswer {
  location: LocationId;
  areaId: number;
  therapistId: number;
  date: DateInLocationTz;
  duration: number;
  timeZone: string;
  /**
   * Opening hours of the day in UTC-day hours (specification section 9), e.g. 14 to 24 on a summer weekday; null when
   * the location does not open that weekday.
   */
  hours: { start: number; end: number } | null;
  /** The name of the day's closure (a holiday), when the location is closed. */
  closure?: string;
  slots: SlotView[];
  /** When the answer was computed, UTC. */
  timestamp: string;
}

function utcDayHours(date: DateInLocationTz, hours: DayHours | null): { start: number; end: number } | null {
  if (!hours) return null;
  const open = openingWindow(date, hours);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return { start: (open.start - midnight) / 3_600_000, end: (open.end - midnight) / 3_600_000 };
}

/**
 * Free times of one day for an area, a therapist (0 any) and a duration. Online, none starts inside the location's
 * minimum notice; for the desk (channel 'desk'), any time from now on.
 */
export async function findSlots(db: Db | Tx, params: SlotParams, now: number = Date.now(), holder?: string, caller: SlotCaller = {}): Promise<SlotsAnswer> {
  const { customer, channel, serviceIds } = caller;
  const desk = channel === 'desk';
  const target = resolveTarget(params.location, params.areaId, params.therapistId, { channel, serviceIds });
  const hours = hoursOn(target.location, params.date);
  const roster = await rosterFor(db, target, params.date);
  const ids = roster.map((r) => r.therapistId);
  const day = daySpan(params.date);
  // Times other customers hold while they sign in are taken too (lib/booking/holds.ts); the caller's own are not.
  const busy = [...(await busyFor(db, ids, day)), ...(await heldFor(db, ids, day, holder, now))];
  // The front desk's schedule: time off is busy time, a closed day has no slots (lib/booking/schedule.ts).
  busy.push(...(await timeOffBusy(db, ids, [params.date])));
  busy.push(...(await customerBusy(db, customer, ids, day)));
  const closure = await closureOn(db, target.location, params.date);
  const slots = computeSlots({
    date: params.date,
    hours,
    roster,
    busy,
    durationMinutes: params.duration,
    now: earliestStartFor(target.location, now, desk),
    closed: closure !== undefined || pastHorizon(params.date, now),
  });
  return {
    location: target.location,
    areaId: target.areaId,
    therapistId: target.therapistId,
    date: params.date,
    duration: params.duration,
    timeZone: TIME_ZONE,
    hours: utcDayHours(params.date, hours),
    ...(closure !== undefined ? { closure } : {}),
    slots: slots.map((s) => ({ start: s.start, time: utcMsToLocal(Date.parse(s.start)).slice(11), therapistIds: s.therapistIds })),
    timestamp: new Date(now).toISOString(),
  };
}
