import { TextDecoder, TextEncoder } from 'node:util';
import { whenToWire, type AreaWhen, type BookingCard } from '@/lib/booking/card';
import { bookedService, bookingCard } from '@/lib/booking/test-support/booking-card';
import { LOCATIONS } from '@/lib/catalog/location-table';
import { offersType } from '@/stores/card-edits';
import type { ServiceSummary } from '../booking-types';

// jsdom lacks these; the card store's cookie codec (lib/persistence/codec.ts) needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

/** The UUID every booking POST of these tests sends as its Idempotency-Key (see resetBookingPage). */
const IDEMPOTENCY_KEY = 'key-00000001';

/** The locations that book a service type online, as the seed's tables say: a summary's onlineAt. */
export const onlineAtOfType = (svcType: number): number[] => LOCATIONS.filter((location) => offersType(location.id, svcType)).map((location) => location.id);

/** A service as the server hands it to the page, its menu duration equal to its booked one, bookable as its type. */
export const serviceSummary = (id: string, name: string, areaId: number, svcType: number, duration: number, price: number): ServiceSummary => ({
  id,
  name,
  areaId,
  svcType,
  gen: 0,
  duration,
  shownDuration: `${duration} min`,
  shownMinutes: duration,
  price,
  onlineAt: onlineAtOfType(svcType),
});

export { bookedService, bookingArea, bookingCard } from '@/lib/booking/test-support/booking-card';

/**
 * The two-area card the booking page's tests start from, women's at SoHo: `first` in area 1 (hair removal, service
 * type 1 unless told) and `facial` in area 3 (skincare, service type 16384, therapist 4 unless told). Dates as
 * 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm', '' for none.
 */
export function twoAreaCard(
  first: { id: string; serviceType?: number; therapist?: number; date?: string },
  facial: { id: string; therapist?: number; date?: string },
): BookingCard {
  return bookingCard([
    { area: 1, therapist: first.therapist ?? 0, date: first.date ?? '', services: [bookedService(first.id, first.serviceType ?? 1)] },
    { area: 3, therapist: facial.therapist ?? 4, date: facial.date ?? '', services: [bookedService(facial.id, 16384)] },
  ]);
}

/** An area's when as the specification writes it ('YYYY-MM-DD HH:mm', 'YYYY-MM-DD', ''): short to compare in tests. */
export const whenText = (when: AreaWhen): string => whenToWire(when);

/** An answer of the salon API as fetch returns it. */
export const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

/** Before each test: no notes in this tab, the page at `path`, and a fixed Idempotency-Key. */
export function resetBookingPage(path = '/booking/'): void {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', path);
  Object.defineProperty(globalThis, 'crypto', { value: { randomUUID: () => IDEMPOTENCY_KEY }, configurable: true });
}

/**
 * The visits API's answer for one area (per-service times) from `timesOn` (date -> 'HH:mm' times): each day of the
 * asked strip with its count, the asked day's times grouped by part of the day.
 */
export function oneAreaVisitAnswer(url: string, timesOn: (date: string) => readonly string[]) {
  const query = new URL(url, 'http://x').searchParams;
  const from = query.get('from')!;
  const date = query.get('date') ?? from;
  const areaId = Number(query.get('areas')!.split(':')[0]);
  const days = Array.from({ length: Number(query.get('days') ?? 14) }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    const day = d.toISOString().slice(0, 10);
    return { date: day, count: timesOn(day).length };
  });
  const part = (time: string) => (Number(time.slice(0, 2)) < 12 ? 'morning' : Number(time.slice(0, 2)) < 17 ? 'afternoon' : 'evening');
  const times = timesOn(date).map((time) => {
    const start = `${date}T${time}:00.000Z`;
    return { start, time, endTime: time, part: part(time), legs: [{ areaId, start, time, therapistIds: [4] }] };
  });
  return { days, date, times, timestamp: 'now' };
}
