import type { DateInLocationTz } from '@/lib/booking/dates';
import { hoursOn } from '@/lib/catalog/hours';
import { bookHref, countVisits, shapeDay, type DayAppointmentRow, type ShapeInput } from './day-shape';

// Monday 2027-01-11: SoHo opens 10:00 to 20:00 New York time (UTC-5 in January).
const DATE = '2027-01-11' as DateInLocationTz;
const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00-05:00`);

function row(values: Partial<DayAppointmentRow> & { id: string; therapistId: number; from: string; to: string }): DayAppointmentRow {
  const { from, to, ...rest } = values;
  return {
    bookingId: `b-${values.id}`,
    customerId: `c-${values.id}`,
    customerName: `Customer ${values.id}`,
    areaId: 1,
    startsAt: at(from),
    endsAt: at(to),
    status: 'booked',
    attendance: null,
    note: '',
    lines: [{ name: 'Eyebrows', pkgId: null }],
    ...rest,
  };
}

function input(overrides: Partial<ShapeInput> = {}): ShapeInput {
  return {
    location: { id: 1, slug: 'soho', name: 'SoHo' },
    date: DATE,
    hours: { open: 10 * 60, close: 20 * 60 },
    roster: [
      { therapistId: 3, startMinute: 720, endMinute: 1080 },
      { therapistId: 1, startMinute: null, endMinute: null },
      { therapistId: 1, startMinute: 600, endMinute: 900 },
      // A shift wholly outside the opening hours gives no column.
      { therapistId: 9, startMinute: 1230, endMinute: 1300 },
    ],
    appointments: [],
    therapistName: (id) => `T${id}`,
    now: Date.parse('2027-01-01T12:00:00Z'),
    ...overrides,
  };
}

describe('shapeDay', () => {
  it('gives one column per rostered therapist, in id order, with its shift clipped to the opening hours', () => {
    const day = shapeDay(input());
    expect(day.open).toEqual({ startMinute: 600, endMinute: 1200 });
    expect(day.columns.map((c) => [c.therapistId, c.name, c.shift])).toEqual([
      [1, 'T1', { startMinute: 600, endMinute: 1200 }],
      [3, 'T3', { startMinute: 720, endMinute: 1080 }],
    ]);
    // Every quarter hour of a free shift, the last one ending at closing.
    expect(day.columns[0]!.free).toHaveLength(40);
    expect(day.columns[0]!.free[0]).toBe('10:00');
    expect(day.columns[0]!.free.at(-1)).toBe('19:45');
    expect(day.columns[1]!.free[0]).toBe('12:00');
    expect(day.columns[1]!.free.at(-1)).toBe('17:45');
  });

  it('draws each booked visit as a block with its customer, services, package cover, attendance and note', () => {
    const day = shapeDay(
      input({
        appointments: [
          row({ id: 'b', therapistId: 3, from: '13:00', to: '13:30' }),
          row({
            id: 'a',
            therapistId: 1,
            from: '10:15',
            to: '11:00',
            attendance: 'checked_in',
            note: 'Sensitive skin',
            lines: [
              { name: 'Eyebrows', pkgId: 'p1' },
              { name: 'Lip', pkgId: null },
            ],
          }),
        ],
      }),
    );
    expect(day.blocks.map((b) => b.id)).toEqual(['a', 'b']);
    expect(day.blocks[0]).toMatchObject({
      customerName: 'Customer a',
      therapistId: 1,
      start: '10:15',
      end: '11:00',
      startMinute: 615,
      endMinute: 660,
      services: ['Eyebrows', 'Lip'],
      packageServices: ['Eyebrows'],
      attendance: 'checked_in',
      note: 'Sensitive skin',
    });
    // The quarter hours under a visit are not offered; the ones around it are.
    const free = day.columns[0]!.free;
    expect(free).toEqual(expect.arrayContaining(['10:00', '11:00']));
    expect(free).not.toEqual(expect.arrayContaining(['10:15']));
    expect(free.filter((t) => t >= '10:15' && t < '11:00')).toEqual([]);
  });

  it('lists cancelled visits apart and keeps their time bookable', () => {
    const day = shapeDay(input({ appointments: [row({ id: 'x', therapistId: 1, from: '12:00', to: '12:30', status: 'cancelled', attendance: null })] }));
    expect(day.blocks).toEqual([]);
    expect(day.cancelled.map((b) => [b.id, b.status])).toEqual([['x', 'cancelled']]);
    expect(day.columns[0]!.free).toEqual(expect.arrayContaining(['12:00', '12:15']));
  });

  it('gives a column to a therapist with a visit there but no roster that day, without free times', () => {
    const day = shapeDay(input({ appointments: [row({ id: 'z', therapistId: 5, from: '15:00', to: '15:30' })] }));
    expect(day.columns.map((c) => c.therapistId)).toEqual([1, 3, 5]);
    expect(day.columns[2]).toMatchObject({ shift: null, free: [] });
  });

  it('offers no time that has passed: none on a past day, from the next quarter hour today', () => {
    expect(shapeDay(input({ now: Date.parse('2027-01-12T15:00:00Z') })).columns.every((c) => c.free.length === 0)).toBe(true);
    const today = shapeDay(input({ now: at('11:05').getTime() }));
    expect(today.columns[0]!.free[0]).toBe('11:15');
  });

  it('places a visit by New York wall-clock time on a daylight-saving day', () => {
    // Sunday 2027-03-14: clocks go forward at 02:00; SoHo opens at 11:00 EDT (15:00 UTC).
    const date = '2027-03-14' as DateInLocationTz;
    const day = shapeDay(
      input({
        date,
        hours: hoursOn(1, date),
        roster: [{ therapistId: 1, startMinute: null, endMinute: null }],
        appointments: [{ ...row({ id: 'd', therapistId: 1, from: '11:00', to: '11:30' }), startsAt: new Date('2027-03-14T15:00:00Z'), endsAt: new Date('2027-03-14T15:30:00Z') }],
      }),
    );
    expect(day.open).toEqual({ startMinute: 660, endMinute: 1080 });
    expect(day.blocks[0]).toMatchObject({ start: '11:00', startMinute: 660, end: '11:30' });
  });
});

describe('the opening hours of the day', () => {
  it('a late night widens the shifts that follow the opening hours, not those with hours of their own', () => {
    const day = shapeDay(input({ hours: { open: 10 * 60, close: 22 * 60 } }));
    expect(day.open).toEqual({ startMinute: 600, endMinute: 1320 });
    expect(day.hours).toEqual({ startMinute: 600, endMinute: 1320 });
    expect(day.columns.map((c) => [c.therapistId, c.shift])).toEqual([
      [1, { startMinute: 600, endMinute: 1320 }],
      [3, { startMinute: 720, endMinute: 1080 }],
      [9, { startMinute: 1230, endMinute: 1300 }],
    ]);
    expect(day.columns[0]!.free.at(-1)).toBe('21:45');
  });

  it('a short day clips the shifts, and a visit left after closing widens the grid to show it with no free time there', () => {
    const day = shapeDay(input({ hours: { open: 10 * 60, close: 17 * 60 }, appointments: [row({ id: 'late', therapistId: 1, from: '18:00', to: '18:45' })] }));
    expect(day.hours).toEqual({ startMinute: 600, endMinute: 1020 });
    expect(day.open).toEqual({ startMinute: 600, endMinute: 1140 });
    expect(day.columns[0]!.shift).toEqual({ startMinute: 600, endMinute: 1020 });
    expect(day.columns[0]!.free.at(-1)).toBe('16:45');
    expect(day.blocks.map((b) => [b.id, b.start])).toEqual([['late', '18:00']]);
  });

  it('a weekday the location does not open: nobody is rostered, a visit left there still shows', () => {
    const empty = shapeDay(input({ hours: null }));
    expect(empty.hours).toBeNull();
    expect(empty.columns).toEqual([]);
    const left = shapeDay(input({ hours: null, appointments: [row({ id: 'left', therapistId: 1, from: '12:30', to: '13:00' })] }));
    expect(left.columns.map((c) => [c.therapistId, c.shift, c.free])).toEqual([[1, null, []]]);
    expect(left.open).toEqual({ startMinute: 720, endMinute: 780 });
  });
});

describe('closures and time off', () => {
  it('offers nothing on a closed day and says why, yet still draws the visits booked there', () => {
    const day = shapeDay(input({ closed: 'Thanksgiving Day', appointments: [row({ id: 'k', therapistId: 1, from: '12:00', to: '12:30' })] }));
    expect(day.closed).toBe('Thanksgiving Day');
    expect(day.columns.every((c) => c.free.length === 0)).toBe(true);
    expect(day.blocks.map((b) => b.id)).toEqual(['k']);
  });

  it("draws a therapist's time off and offers none of its quarter hours", () => {
    const day = shapeDay(input({ timeOff: [{ therapistId: 1, start: at('13:00').getTime(), end: at('15:30').getTime() }, { therapistId: 3, start: at('08:00').getTime(), end: at('09:00').getTime() }] }));
    expect(day.closed).toBeNull();
    expect(day.columns[0]!.timeOff).toEqual([{ startMinute: 780, endMinute: 930 }]);
    expect(day.columns[0]!.free.filter((t) => t >= '13:00' && t < '15:30')).toEqual([]);
    expect(day.columns[0]!.free).toEqual(expect.arrayContaining(['12:45', '15:30']));
    // Time off outside the opening hours draws nothing.
    expect(day.columns[1]!.timeOff).toEqual([]);
  });
});

describe('counts of the day', () => {
  it('splits booked visits into arrived (checked in or in service), completed, no-show and to come', () => {
    expect(countVisits([null, 'checked_in', 'started', 'completed', 'no_show', null])).toEqual({ booked: 6, arrived: 2, completed: 1, noShow: 1, toCome: 2 });
    expect(countVisits([])).toEqual({ booked: 0, arrived: 0, completed: 0, noShow: 0, toCome: 0 });
  });

  it("counts this location's booked visits (not the cancelled) and each other location's, this one first", () => {
    const day = shapeDay(
      input({
        appointments: [
          row({ id: 'a', therapistId: 1, from: '10:00', to: '10:30', attendance: 'checked_in' }),
          row({ id: 'b', therapistId: 1, from: '11:00', to: '11:30' }),
          row({ id: 'c', therapistId: 3, from: '12:00', to: '12:30', status: 'cancelled', attendance: null }),
        ],
        elsewhere: [{ location: { slug: 'midtown', name: 'Midtown' }, attendance: ['no_show', null, null] }],
      }),
    );
    expect(day.counts).toEqual({ booked: 2, arrived: 1, completed: 0, noShow: 0, toCome: 1 });
    expect(day.locations).toEqual([
      { slug: 'soho', name: 'SoHo', counts: day.counts },
      { slug: 'midtown', name: 'Midtown', counts: { booked: 3, arrived: 0, completed: 0, noShow: 1, toCome: 2 } },
    ]);
  });

  it("gives each block its customer's contact, whether a walk-in, and whom it may move to, named once for the day", () => {
    const day = shapeDay(
      input({
        appointments: [
          row({ id: 'a', therapistId: 1, from: '10:00', to: '10:30', customerPhone: '+12125550147', customerEmail: 'a@example.com', qualified: [3, 1] }),
          row({ id: 'b', therapistId: 3, from: '11:00', to: '11:30', walkIn: true, qualified: [3, 7] }),
        ],
      }),
    );
    expect(day.blocks.map((b) => [b.customerPhone, b.customerEmail, b.walkIn, b.qualified])).toEqual([
      ['+12125550147', 'a@example.com', false, [3, 1]],
      [null, null, true, [3, 7]],
    ]);
    expect(day.therapists).toEqual([
      { id: 1, name: 'T1' },
      { id: 3, name: 'T3' },
      { id: 7, name: 'T7' },
    ]);
  });
});

describe('bookHref', () => {
  it('links a free quarter hour to the desk booking page with location, date, time and therapist', () => {
    expect(bookHref('soho', '2027-01-11', '10:15', 3)).toBe('/desk/book/?location=soho&date=2027-01-11&time=10%3A15&therapist=3');
  });
});
