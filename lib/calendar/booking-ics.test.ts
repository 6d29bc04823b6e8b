import ICAL from 'ical.js';
import { appointmentUid, bookingIcs, type BookedAppointment } from './booking-ics';

const booked: BookedAppointment = {
  id: 'a1',
  areaName: 'Hair Removal',
  therapistName: 'Maria Lopez',
  start: '2026-11-01T15:00:00.000Z',
  end: '2026-11-01T15:45:00.000Z',
  status: 'booked',
  lines: [{ name: 'Brazilian' }, { name: 'Underarm' }],
};
const people = { organizer: { name: 'Bare & Polished NYC', email: 'bookings@example.com' }, attendee: { name: 'Ana', email: 'ana@example.com' } };

/** The file as a calendar program reads it (ical.js, Mozilla's parser): the calendar and its events. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => ({ component: v, event: new ICAL.Event(v) })) };
}

describe('booking calendar file', () => {
  it('a download (PUBLISH) has one event per booked appointment, with its length, services, therapist and address', () => {
    const { calendar, events } = parse(bookingIcs(1, [booked, { ...booked, id: 'a2', status: 'cancelled' }], new Date('2026-10-01T00:00:00Z')));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    const { event } = events[0]!;
    expect(event.uid).toBe(appointmentUid('a1'));
    expect(event.summary).toBe('Brazilian, Underarm at Bare & Polished NYC');
    expect(event.description).toContain('with Maria Lopez');
    expect(event.location).toBe('131 Spring Street, 2nd Floor, New York, NY 10012');
    expect(event.duration.toSeconds()).toBe(45 * 60);
  });

  it('writes the instants in UTC, so a daylight-saving day lands at the right local time', () => {
    // 2026-11-01 is the day New York falls back: 15:00Z is 10:00 EST.
    const ics = bookingIcs(1, [booked], new Date('2026-10-01T00:00:00Z'));
    expect(ics).toContain('DTSTART:20261101T150000Z');
    expect(ics).toContain('DTEND:20261101T154500Z');
    const { event } = parse(ics).events[0]!;
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('an invitation (REQUEST) carries the SEQUENCE, the organizer and the customer as attendee', () => {
    const { calendar, events } = parse(bookingIcs(1, [{ ...booked, sequence: 3 }], new Date(), { method: 'REQUEST', people }));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const { component, event } = events[0]!;
    expect(event.sequence).toBe(3);
    expect(component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(String(component.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:bookings@example.com');
    expect(String(component.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:ana@example.com');
  });

  it('a cancellation (CANCEL) lists the cancelled appointment with status CANCELLED and no alarm', () => {
    const { calendar, events } = parse(bookingIcs(1, [{ ...booked, status: 'cancelled', sequence: 2 }], new Date(), { method: 'CANCEL', people }));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(events).toHaveLength(1);
    expect(events[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events[0]!.event.sequence).toBe(2);
    expect(events[0]!.component.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('refuses an invitation without people: iTIP needs an organizer', () => {
    expect(() => bookingIcs(1, [booked], new Date(), { method: 'REQUEST' })).toThrow(/organizer/);
  });
});
