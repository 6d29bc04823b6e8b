import type { DateInLocationTz } from '@/lib/booking/dates';
import { bookingLinkFor, type FittingTime } from '@/lib/booking/waitlist-match';
import { parseTimesMode } from './url-state';
import { parseBookingUrl } from './url-parse';

// The waitlist mail's link (lib/booking/waitlist-match.ts) read back the way the booking page reads its address.
const DAY = '2027-01-11' as DateInLocationTz;
const areaTime: FittingTime = { start: '2027-01-11T17:00:00.000Z' as FittingTime['start'], legs: [{ areaId: 1, start: '2027-01-11T17:00:00.000Z' as FittingTime['start'], time: '12:00', therapistIds: [1] }] };
const visitTime: FittingTime = {
  start: areaTime.start,
  legs: [areaTime.legs[0]!, { areaId: 3, start: '2027-01-11T17:30:00.000Z' as FittingTime['start'], time: '12:30', therapistIds: [4] }],
};

describe('the waitlist link on the booking page', () => {
  it('opens the booking page on an area time (per-service mode, the named therapist)', () => {
    const link = new URL(bookingLinkFor('https://salon.example', { kind: 'area', date: DAY, areas: [{ areaId: 1, therapistId: 1, minutes: 60 }] }, areaTime));
    expect(link.pathname).toBe('/booking/');
    expect(parseTimesMode(link.searchParams)).toBe('each');
    expect(parseBookingUrl(link.searchParams)).toEqual({ 1: { therapist: 1, date: DAY, time: '12:00' } });
  });

  it('a visit link carries each leg at its own time, in the one-time mode, with any therapist left out', () => {
    const entry = { kind: 'visit' as const, date: DAY, areas: [{ areaId: 1, therapistId: 0, minutes: 30 }, { areaId: 3, therapistId: 4, minutes: 60 }] };
    const link = new URL(bookingLinkFor('https://salon.example', entry, visitTime));
    expect(parseTimesMode(link.searchParams)).toBe('visit');
    expect(parseBookingUrl(link.searchParams)).toEqual({ 1: { date: DAY, time: '12:00' }, 3: { therapist: 4, date: DAY, time: '12:30' } });
  });
});
