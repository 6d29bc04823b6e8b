import type { DayHours } from '@/lib/catalog/snapshot';
import type { WaitlistArea } from '@/lib/db/schema/waitlist';
import { utcMsToLocal, type DateInLocationTz, type SlotStartIso } from './dates';
import { LINKED_LOCATION_PARAM, LINKED_SERVICES_PARAM } from './linked-services';
import { computeSlots, type BusyInterval, type RosterEntry } from './slots';
import { computeVisitSlots } from './visit';

/**
 * Which waitlist entries a freed time satisfies: pure, like the slot engines it runs. An entry is satisfied when a
 * time that fits it exists now and did not exist before the change (the freed appointments still in place), so
 * a cancellation that frees nothing the entry can use mails nobody, and a time that was already free is not news.
 */

export interface WaitingEntry {
  id: string;
  kind: 'area' | 'visit';
  date: DateInLocationTz;
  areas: readonly WaitlistArea[];
  /** The order they asked in. */
  seq: number;
  /**
   * The customer's own appointments that day as busy time of every therapist (customerBusy in busy.ts, as
   * their slot lists have it): a time overlapping one is not theirs to take.
   */
  ownBusy?: readonly BusyInterval[];
}

export interface FittingLeg {
  areaId: number;
  start: SlotStartIso;
  /** New York wall-clock time, 'HH:mm'. */
  time: string;
  therapistIds: number[];
}

export interface FittingTime {
  start: SlotStartIso;
  legs: FittingLeg[];
}

/** The rostered therapists of an area on the entry's day: all of them, or the one the entry names. */
export type RosterOf = (areaId: number, therapistId: number) => readonly RosterEntry[];

const localTime = (iso: SlotStartIso) => utcMsToLocal(Date.parse(iso)).slice(11);

/**
 * Every time of the entry's day that fits what it wants, inside the day's opening hours `hours` and from `now` on:
 * computeSlots for one area, computeVisitSlots for a visit.
 */
export function fittingTimes(entry: WaitingEntry, rosterOf: RosterOf, busy: readonly BusyInterval[], now: number, hours: DayHours | null): FittingTime[] {
  if (entry.kind === 'area') {
    const area = entry.areas[0];
    if (!area) return [];
    return computeSlots({ date: entry.date, hours, roster: rosterOf(area.areaId, area.therapistId), busy, durationMinutes: area.minutes, now }).map((slot) => ({
      start: slot.start,
      legs: [{ areaId: area.areaId, start: slot.start, time: localTime(slot.start), therapistIds: slot.therapistIds }],
    }));
  }
  const areas = entry.areas.map((a) => ({ areaId: a.areaId, durationMinutes: a.minutes, roster: rosterOf(a.areaId, a.therapistId) }));
  return computeVisitSlots({ date: entry.date, hours, areas, busy, now }).map((visit) => ({
    start: visit.start,
    legs: visit.legs.map((leg) => ({ areaId: leg.areaId, start: leg.start, time: localTime(leg.start), therapistIds: leg.therapistIds })),
  }));
}

export interface FreedTimeQuery {
  rosterOf: RosterOf;
  /** The day's appointments after the change. */
  busyAfter: readonly BusyInterval[];
  /** The appointments the change took away (cancelled, or moved from there). */
  freed: readonly BusyInterval[];
  /** No offered time starts before it: for the customers waiting, now plus the location's minimum notice. */
  now: number;
  /** The location's opening hours that day (lib/catalog/hours.ts); null: closed. */
  hours: DayHours | null;
}

export interface SatisfiedEntry<E extends WaitingEntry> {
  entry: E;
  /** The earliest newly fitting time: the one the mail offers. */
  time: FittingTime;
}

/** The entries (of one location and day) that the change satisfies, in the order they asked, each with its time. */
export function entriesSatisfied<E extends WaitingEntry>(entries: readonly E[], query: FreedTimeQuery): SatisfiedEntry<E>[] {
  if (query.freed.length === 0) return [];
  const busyBefore = [...query.busyAfter, ...query.freed];
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const satisfied: SatisfiedEntry<E>[] = [];
  for (const entry of ordered) {
    const own = entry.ownBusy ?? [];
    const now = fittingTimes(entry, query.rosterOf, [...query.busyAfter, ...own], query.now, query.hours);
    if (now.length === 0) continue;
    const before = new Set(fittingTimes(entry, query.rosterOf, [...busyBefore, ...own], query.now, query.hours).map((t) => t.start));
    const fresh = now.find((t) => !before.has(t.start));
    if (fresh) satisfied.push({ entry, time: fresh });
  }
  return satisfied;
}

/**
 * The booking page at that time (components/booking/url-state.ts): each area's day `d{areaId}`, time `t{areaId}` and
 * named therapist `th{areaId}`; one area alone opens the page in per-service mode (`times=each`), a visit in its
 * default one-time mode.
 */
export function bookingLinkFor(siteUrl: string, entry: Pick<WaitingEntry, 'kind' | 'date' | 'areas'> & { location?: number }, time: FittingTime): string {
  const params = new URLSearchParams();
  // The services and their location, for a booking cart that does not have them (another device): the page offers
  // to add them (components/booking/LinkedServices.tsx).
  const services = entry.areas.flatMap((a) => a.services ?? []);
  if (services.length > 0) {
    params.set(LINKED_SERVICES_PARAM, services.join('.'));
    if (entry.location !== undefined) params.set(LINKED_LOCATION_PARAM, String(entry.location));
  }
  if (entry.kind === 'area') params.set('times', 'each');
  for (const leg of time.legs) {
    const wanted = entry.areas.find((a) => a.areaId === leg.areaId);
    if (wanted && wanted.therapistId !== 0) params.set(`th${leg.areaId}`, String(wanted.therapistId));
    params.set(`d${leg.areaId}`, entry.date);
    params.set(`t${leg.areaId}`, leg.time);
  }
  return `${siteUrl}/booking/?${params.toString()}`;
}
