import { parseBookingUrl } from './url-parse';
import { serialiseBookingUrl } from './url-state';

describe('booking URL state', () => {
  it('reads therapist, date and time per area', () => {
    expect(parseBookingUrl(new URLSearchParams('th1=2&d1=2026-12-05&t1=14:30&d3=2026-12-06'))).toEqual({
      1: { therapist: 2, date: '2026-12-05', time: '14:30' },
      3: { date: '2026-12-06' },
    });
  });

  it('reads the page searchParams object, taking the first of repeated values', () => {
    expect(parseBookingUrl({ d2: ['2026-12-05', '2026-12-06'], t2: '10:00' })).toEqual({ 2: { date: '2026-12-05', time: '10:00' } });
  });

  it('drops values that do not parse instead of failing', () => {
    expect(
      parseBookingUrl(new URLSearchParams('th1=x&d1=2026-02-30&t1=10:00&d2=2026-12-05&t2=25:00&d9=2026-12-05&th4=-1&d5=<script>')),
    ).toEqual({ 2: { date: '2026-12-05' } });
  });

  it('ignores a time without a date', () => {
    expect(parseBookingUrl(new URLSearchParams('t1=10:00'))).toEqual({});
  });

  it('writes areas in order, leaves out any therapist and keeps unrelated parameters', () => {
    const query = serialiseBookingUrl(
      { 3: { therapist: 7, date: '2026-12-05' as never, time: '11:15' }, 1: { therapist: 0, date: '2026-12-06' as never } },
      new URLSearchParams('utm=x&d2=2026-01-01&t1=09:00'),
    );
    expect(query).toBe('?utm=x&d1=2026-12-06&th3=7&d3=2026-12-05&t3=11%3A15');
  });

  it('round-trips', () => {
    const state = { 1: { therapist: 2, date: '2026-11-01' as never, time: '11:00' }, 6: { date: '2027-03-14' as never } };
    expect(parseBookingUrl(new URLSearchParams(serialiseBookingUrl(state)))).toEqual(state);
  });

  it('is empty for an empty state', () => {
    expect(serialiseBookingUrl({})).toBe('');
  });
});
