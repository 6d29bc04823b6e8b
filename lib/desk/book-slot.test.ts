import { backOfficeBookingPath, deskBookPath, parseDeskSlot, withoutPassedTime } from './book-slot';

describe('the desk slot of /desk/book/', () => {
  it('reads location, date, time and therapist, and carries them to the booking page', () => {
    const slot = parseDeskSlot(new URLSearchParams('location=midtown&date=2027-01-11&time=14:30&therapist=3'));
    expect(slot).toEqual({ location: 2, date: '2027-01-11', time: '14:30', therapist: 3 });
    expect(backOfficeBookingPath('abc', slot)).toBe('/booking/abc/?location=midtown&date=2027-01-11&time=14%3A30&therapist=3');
    expect(deskBookPath(slot)).toBe('/desk/book/?location=midtown&date=2027-01-11&time=14%3A30&therapist=3');
  });

  it('drops what does not parse, and a time without a date', () => {
    expect(parseDeskSlot({ location: 'paris', date: '2027-02-30', time: '14:30', therapist: '0' })).toEqual({});
    expect(parseDeskSlot({ time: '25:00', therapist: ['7', '8'] })).toEqual({ therapist: 7 });
    expect(parseDeskSlot({ date: '2027-01-11', time: '9:00' })).toEqual({ date: '2027-01-11' });
    expect(backOfficeBookingPath('abc', {})).toBe('/booking/abc/');
  });
});

describe('withoutPassedTime', () => {
  const now = Date.parse('2026-11-24T20:00:00Z'); // 3:00 PM in New York
  it('drops a date and time that have passed, and says so', () => {
    expect(withoutPassedTime({ location: 1, date: '2020-01-01', time: '10:00', therapist: 3 }, now)).toEqual({ slot: { location: 1, therapist: 3 }, passed: true });
    expect(withoutPassedTime({ location: 1, date: '2026-11-24', time: '14:45' }, now)).toEqual({ slot: { location: 1 }, passed: true });
    expect(withoutPassedTime({ date: '2026-11-23' }, now)).toEqual({ slot: {}, passed: true });
  });
  it('keeps a slot still to come, and one without a date', () => {
    expect(withoutPassedTime({ location: 1, date: '2026-11-24', time: '15:15' }, now)).toEqual({ slot: { location: 1, date: '2026-11-24', time: '15:15' }, passed: false });
    expect(withoutPassedTime({ date: '2026-11-24' }, now).passed).toBe(false);
    expect(withoutPassedTime({ location: 2 }, now)).toEqual({ slot: { location: 2 }, passed: false });
  });
});
