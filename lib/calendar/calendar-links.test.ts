import { salonLocationById } from '@/lib/content/locations';
import { bookingIcsPath, directionsUrl, googleCalendarUrl } from './calendar-links';

const appointment = {
  areaName: 'Hair Removal',
  therapistName: 'Ann Lee',
  start: '2026-12-01T16:00:00Z',
  end: '2026-12-01T16:45:00Z',
  lines: [{ name: 'Brazilian' }, { name: 'Underarm' }],
};

describe('calendar links', () => {
  it('gives Google Calendar the event of the .ics file: the services, the UTC times, who and the address', () => {
    const url = new URL(googleCalendarUrl(1, appointment));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Brazilian, Underarm at Bare & Polished NYC',
      dates: '20261201T160000Z/20261201T164500Z',
      details: 'Hair Removal with Ann Lee, Bare & Polished NYC SoHo, (212) 555-0148',
      ctz: 'America/New_York',
      location: '131 Spring Street, 2nd Floor, New York, NY 10012',
    });
  });

  it('leaves the place out for an unknown location, and points at the booking’s .ics and a map of the address', () => {
    expect(new URL(googleCalendarUrl(9, appointment)).searchParams.has('location')).toBe(false);
    expect(bookingIcsPath('abc')).toBe('/booking/confirmation/abc/calendar/');
    expect(directionsUrl(salonLocationById(2)!)).toBe('https://www.google.com/maps/search/?api=1&query=18%20West%2045th%20Street%2C%20Suite%20502%2C%20New%20York%2C%20NY%2010036');
  });
});
