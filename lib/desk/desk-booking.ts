import { ANY_THERAPIST_ID } from '@/lib/catalog/tables';
import type { AppointmentCardInput } from '@/lib/booking/card-schema';
import type { VisitLegView, VisitTimeView } from '@/lib/booking/visit-availability';
import { formatClock } from '@/lib/booking/clock';
import { MINUTE } from '@/lib/booking/dates';

/**
 * A booking made from the desk's day view (components/desk/day/BookingPanel.tsx): pure, shared by the panel and its
 * tests. The free times come from the visit engine (GET /api/visits/{location}/, the desk's channel for staff); this
 * file only asks it the right question and reads its answer: no free-time rule of its own.
 */

/** A service the desk may book at a location (some therapist there does it), as the panel lists it. */
export interface DeskService {
  id: string;
  name: string;
  /** Its kind, telling apart services of one name: 'Wax', 'Face Threading, men'. */
  kind: string;
  areaId: number;
  /** The service type (the card groups its lines by it). */
  svcType: number;
  gen: 0 | 1;
  duration: number;
  price: number;
}

export interface DeskServiceArea {
  id: number;
  name: string;
  services: DeskService[];
}

/** GET /api/desk/services/{location}/: the location's desk services by area, women's and men's. */
export interface DeskServicesAnswer {
  location: number;
  areas: DeskServiceArea[];
}

/** One leg of the chain: an area's services back to back with one therapist. */
export interface DeskLeg {
  areaId: number;
  services: DeskService[];
  minutes: number;
}

/**
 * The chosen services as the visit engine chains them: one leg per area, in the order each area was first chosen, its
 * services back to back (one appointment per area, as the card books them).
 */
export function legsOf(services: readonly DeskService[]): DeskLeg[] {
  const legs: DeskLeg[] = [];
  for (const service of services) {
    let leg = legs.find((l) => l.areaId === service.areaId);
    if (!leg) legs.push((leg = { areaId: service.areaId, services: [], minutes: 0 }));
    leg.services.push(service);
    leg.minutes += service.duration;
  }
  return legs;
}

/**
 * The visit engine's question for the chain: every leg with any qualified therapist (the engine narrows them to those
 * who do the leg's services), so that the answer lists who is free for each leg and the desk's choice is read from it.
 */
export function visitQuery(date: string, services: readonly DeskService[]): URLSearchParams {
  const areas = legsOf(services)
    .map((leg) => `${leg.areaId}:${ANY_THERAPIST_ID}:${leg.minutes}`)
    .join(',');
  return new URLSearchParams({ areas, from: date, date, days: '1', services: services.map((s) => s.id).join(',') });
}

export interface ChosenLeg {
  areaId: number;
  /** UTC instant of the leg's start, as the engine gave it. */
  start: string;
  /** 'HH:mm' New York time. */
  time: string;
  end: string;
  therapistId: number;
}

export interface ChosenTime {
  time: string;
  /** The time asked for was taken (or did not fit the chain): this is the first free one after it. */
  moved: boolean;
  legs: ChosenLeg[];
}

/**
 * The time of the visit: the one asked for (a tapped quarter hour, or now for a walk-in) when the chain fits there,
 * else the first after it; the first of the day when none was asked for. Each leg takes the therapist asked for when
 * she is free and qualified for it, else the first free qualified one (lowest id, as the engine lists them).
 */
export function chooseTime(times: readonly VisitTimeView[], wanted: { time?: string; therapistId?: number }): ChosenTime | undefined {
  const at = wanted.time;
  const exact = at === undefined ? undefined : times.find((t) => t.time === at);
  const found = exact ?? (at === undefined ? times[0] : times.find((t) => t.time > at));
  if (!found) return undefined;
  return {
    time: found.time,
    moved: at !== undefined && exact === undefined,
    legs: found.legs.map((leg: VisitLegView) => ({
      areaId: leg.areaId,
      start: leg.start,
      time: leg.time,
      end: leg.end,
      therapistId: wanted.therapistId !== undefined && leg.therapistIds.includes(wanted.therapistId) ? wanted.therapistId : leg.therapistIds[0]!,
    })),
  };
}

/** Minutes after local midnight of 'HH:mm'. */
export const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The blocks drawn on the grid before BOOK (stores/desk-day.ts's draft), one per leg in its therapist's column. */
export function draftOf(chosen: ChosenTime, services: readonly DeskService[]): { therapistId: number; startMinute: number; endMinute: number; label: string }[] {
  const legs = legsOf(services);
  return chosen.legs.map((leg) => {
    const startMinute = minuteOf(leg.time);
    const minutes = legs.find((l) => l.areaId === leg.areaId)?.minutes ?? 0;
    const names = legs.find((l) => l.areaId === leg.areaId)?.services.map((s) => s.name) ?? [];
    return { therapistId: leg.therapistId, startMinute, endMinute: startMinute + minutes, label: `New: ${names.join(', ')}` };
  });
}

/**
 * The card posted to the back office (`/api/appointments/bof/{customerId}/`): each leg at its instant with its
 * therapist named, so the server checks the same rules as any booking (planCard, the rosters, the constraints).
 */
export function deskCard(location: number, chosen: ChosenTime, services: readonly DeskService[], note = ''): AppointmentCardInput {
  const legs = legsOf(services);
  return {
    header: { location: String(location), gender: String(services[0]?.gen ?? 0), source: '8' },
    svcAreas: chosen.legs.map((leg) => {
      const types = new Map<number, DeskService[]>();
      for (const service of legs.find((l) => l.areaId === leg.areaId)?.services ?? []) types.set(service.svcType, [...(types.get(service.svcType) ?? []), service]);
      return {
        areaId: leg.areaId,
        svcTherapist: leg.therapistId,
        svcDate: leg.start,
        svcNote: note,
        svcTypes: [...types].map(([svcTypeId, list]) => ({
          svcTypeId,
          svcArray: list.map((s) => ({ id: s.id, serviceTypeId: s.svcType, gen: s.gen, areaId: s.areaId, duration: s.duration })),
        })),
      };
    }),
  };
}

/** The sentence after BOOK: 'Booked Ann Lee at 1:30 PM with Maya, then 2:15 PM with Lena.' */
export function bookedSentence(customerName: string, chosen: ChosenTime, therapistName: (id: number) => string, walkIn = false): string {
  const parts = chosen.legs.map((leg) => `${formatClock(leg.time)} with ${therapistName(leg.therapistId)}`);
  return `${walkIn ? 'Walk-in booked and checked in' : 'Booked'}: ${customerName} at ${parts.join(', then ')}.`;
}

/** Matches a service to what the desk typed: every word of the query in its name or kind, any case. */
export function matchesQuery(service: Pick<DeskService, 'name' | 'kind'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const name = `${service.name} ${service.kind}`.toLowerCase();
  return words.length > 0 && words.every((w) => name.includes(w));
}

/** A walk-in's time (lib/desk/walk-in.ts): the next quarter hour strictly after `now` (2:07 PM and 2:00 PM give 2:15 PM). */
export function nextQuarterHour(now: number): number {
  const step = 15 * MINUTE;
  return Math.floor(now / step) * step + step;
}
