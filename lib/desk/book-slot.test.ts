import { backOfficeBookingPath, deskBookPath, parseDeskSlot } from './book-slot';

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
