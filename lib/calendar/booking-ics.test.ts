import { appointmentEvents, bookingIcs } from './booking-ics';

const booked = {
  id: 'a1',
  areaName: 'Hair Removal',
  therapistName: 'Maria Lopez',
  start: '2026-11-01T15:00:00.000Z',
  end: '2026-11-01T15:45:00.000Z',
  status: 'booked' as const,
  lines: [{ name: 'Brazilian' }, { name: 'Underarm' }],
};

describe('booking calendar file', () => {
  it('has one event per booked appointment, with its length, services, therapist and the salon address', () => {
    const events = appointmentEvents(1, [booked, { ...booked, id: 'a2', status: 'cancelled' }]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: 'a1@bookings.salon', durationMinutes: 45, location: '131 Spring Street, 2nd Floor, New York, NY 10012' });
    expect(events[0]!.summary).toBe('Brazilian, Underarm at Bare & Polished NYC');
    expect(events[0]!.description).toContain('with Maria Lopez');
  });

  it('writes the instants in UTC, so a daylight-saving day lands at the right local time', () => {
    // 2026-11-01 is the day New York falls back: 15:00Z is 10:00 EST.
    const ics = bookingIcs(1, [booked], new Date('2026-10-01T00:00:00Z'));
    expect(ics).toContain('DTSTART:20261101T150000Z');
    expect(ics).toContain('DTEND:20261101T154500Z');
    expect(ics).toContain('LOCATION:131 Spring Street\\, 2nd Floor\\, New York\\, NY 10012');
  });
});
