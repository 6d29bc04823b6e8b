/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { parseDateInLocationTz } from '@/lib/booking/dates';
import { shapeDay, type DayAppointmentRow } from '@/lib/desk/day-shape';
import { DayView } from './DayView';

const MONDAY = parseDateInLocationTz('2027-03-01')!;
const at = (hhmm: string) => new Date(`2027-03-01T${hhmm}:00-05:00`);
const row = (id: string, from: string, to: string, attendance: DayAppointmentRow['attendance'] = null): DayAppointmentRow => ({
  id,
  bookingId: `b-${id}`,
  customerId: `c-${id}`,
  customerName: `Customer ${id}`,
  therapistId: 7,
  areaId: 1,
  startsAt: at(from),
  endsAt: at(to),
  status: 'booked',
  attendance,
  note: '',
  lines: [{ name: 'Eyebrows', pkgId: null }],
});

describe('the day grid marks visits in conflict (a sick day)', () => {
  it('says on the block why it cannot happen as booked, and draws a marked visit as marked', () => {
    const day = shapeDay({
      location: { id: 1, slug: 'soho', name: 'SoHo' },
      date: MONDAY,
      hours: { open: 10 * 60, close: 20 * 60 },
      roster: [{ therapistId: 7, startMinute: 10 * 60, endMinute: 17 * 60 }],
      appointments: [row('a', '11:00', '11:30'), row('b', '12:00', '12:30'), row('c', '17:00', '17:30'), row('d', '12:30', '13:00', 'checked_in'), row('e', '15:00', '15:30')],
      timeOff: [{ therapistId: 7, start: at('11:00').getTime(), end: at('14:00').getTime() }],
      therapistName: () => 'Olivia Chen',
      now: Date.parse('2027-02-01T12:00:00Z'),
    });
    render(<DayView initial={day} hours={{ week: { 0: null, 1: { open: 600, close: 1200 }, 2: null, 3: null, 4: null, 5: null, 6: null }, special: {} }} />);
    const mark = (id: string) => document.querySelector(`[data-appointment="${id}"] [data-conflict]`)?.textContent ?? null;
    expect(['a', 'b', 'c', 'd', 'e'].map(mark)).toEqual(['Inside time off', 'Inside time off', 'Outside the roster', null, null]);
    expect(document.querySelector('[data-appointment="a"]')?.getAttribute('title')).toContain('Inside time off');
  });
});
