import { nextDate, type DateInLocationTz } from '@/lib/booking/calendar';
import { areaDay, areaServiceIds, type BookingArea, type BookingCard } from '@/lib/booking/card';
import type { ServiceSummary } from './booking-types';
import { areaMinutes, chosenTime, chosenTimesOf, type TimeChoices } from './build-card';
import type { TimesMode } from './url-state';
import { stripLength, visitKey, type VisitAnswer, type VisitAreaRequest } from './visit-client';

/** The day strip: the next two weeks, one request for all of them. */
export const STRIP_DAYS = 14;

/** What a day-and-time picker asks for: the areas it chains, the day the page keeps for it and the chosen visit's. */
export interface PickerQuestion {
  areas: readonly VisitAreaRequest[];
  /** The day the page keeps (a time per service: the area's date). */
  keptDay?: string;
  /** The day of the visit already chosen. */
  chosenDate?: string;
}

/** An area of the cart as the free-times question names it: its therapist (0 any), minutes and services. */
export function areaRequest(area: BookingArea, services: Record<string, ServiceSummary>): VisitAreaRequest {
  return { areaId: area.area, therapistId: area.therapist, duration: areaMinutes(area, services), serviceIds: areaServiceIds(area) };
}

/** The day of the chosen visit: every area has a time, all on one day (otherwise no visit is chosen). */
export function visitDateOf(areas: readonly BookingArea[], times: TimeChoices): string | undefined {
  const days = areas.map((area) => (chosenTime(area, times) ? areaDay(area) : undefined));
  return days.length > 0 && days.every((day) => day !== undefined && day === days[0]) ? days[0] : undefined;
}

/** The day a picker opens on: the one the page keeps, else the chosen visit's; none that has passed. */
export function firstPick(today: string, keptDay: string | undefined, chosenDate: string | undefined): string | undefined {
  const kept = keptDay && keptDay >= today ? keptDay : undefined;
  return kept ?? (chosenDate && chosenDate >= today ? chosenDate : undefined);
}

/** The strip's first day: today, or the day shown when it lies beyond the two weeks from today (a date typed). */
function stripStart(today: string, day: string | undefined): string {
  return day && day > nextDate(today as DateInLocationTz, STRIP_DAYS - 1) ? day : today;
}

/** The question (SWR key and URL) for the strip around `picked` and its times; the strip's first day without one. */
export function pickerKey(location: string, areas: readonly VisitAreaRequest[], today: string, lastDay: string, picked: string | undefined): string | null {
  const from = stripStart(today, picked);
  // A day typed past the last bookable one is still looked up alone, to say why it has no time (a holiday's name).
  const days = Math.max(picked ? 1 : 0, stripLength(from, lastDay, STRIP_DAYS));
  return visitKey(location, areas, from, days, picked);
}

/** Where a picker with no day picked moves once answered: the first day with a time, when the strip's first has none. */
export function firstFreeDay(answer: VisitAnswer): string | undefined {
  const first = answer.days.find((day) => day.count > 0);
  return first && first.date !== answer.date ? first.date : undefined;
}

/**
 * The pickers the booking page draws first, as BookingView draws them from the server's card: one for the whole
 * visit, or one per area (a time per service).
 */
export function firstPickers(card: BookingCard, services: Record<string, ServiceSummary>, mode: TimesMode): PickerQuestion[] {
  if (card.areas.length === 0) return [];
  const times = chosenTimesOf(card);
  if (mode === 'visit') return [{ areas: card.areas.map((area) => areaRequest(area, services)), chosenDate: visitDateOf(card.areas, times) }];
  return card.areas.map((area) => {
    const day = areaDay(area) || undefined;
    return { areas: [areaRequest(area, services)], keptDay: day, chosenDate: chosenTime(area, times) ? day : undefined };
  });
}
