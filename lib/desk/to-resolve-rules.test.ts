import type { DateInLocationTz } from '@/lib/booking/dates';
import { shapeDay, type DayAppointmentRow, type ShapeInput } from './day-shape';
import { affectedDays, blockConflict, freeAtStart, needsResolving, reassignAllMessage, slotDuration } from './to-resolve-rules';

const span = (startMinute: number, endMinute: number) => ({ startMinute, endMinute });

describe('blockConflict: why a booked visit cannot happen as it stands', () => {
  const shift = span(600, 1080);
  it('is null for a visit inside its shift with no time off', () => {
    expect(blockConflict(span(660, 720), { closed: false, shift, timeOff: [] })).toBeNull();
    // Back to back with time off is not inside it: ranges are half-open.
    expect(blockConflict(span(660, 720), { closed: false, shift, timeOff: [span(720, 900)] })).toBeNull();
  });
  it("marks 'time_off' when time off overlaps any part of it", () => {
    expect(blockConflict(span(660, 720), { closed: false, shift, timeOff: [span(700, 900)] })).toBe('time_off');
    expect(blockConflict(span(660, 720), { closed: false, shift, timeOff: [span(0, 1440)] })).toBe('time_off');
  });
  it("marks 'off_roster' outside the shift, partly outside it, or with no shift that day", () => {
    expect(blockConflict(span(540, 600), { closed: false, shift, timeOff: [] })).toBe('off_roster');
    expect(blockConflict(span(1050, 1110), { closed: false, shift, timeOff: [] })).toBe('off_roster');
    expect(blockConflict(span(660, 720), { closed: false, shift: null, timeOff: [] })).toBe('off_roster');
  });
  it("puts a closed day first, then time off, then the roster", () => {
    expect(blockConflict(span(540, 600), { closed: true, shift: null, timeOff: [span(0, 1440)] })).toBe('closed');
    expect(blockConflict(span(540, 600), { closed: false, shift, timeOff: [span(500, 560)] })).toBe('time_off');
  });
});

describe('needsResolving: what stays on the list', () => {
  const now = Date.parse('2027-01-11T15:00:00Z');
  const visit = { conflict: 'time_off' as const, status: 'booked' as const, attendance: null, endsAt: now + 60_000 };
  it('holds a booked visit in conflict that is not marked and not over', () => {
    expect(needsResolving(visit, now)).toBe(true);
  });
  it('drops it once reassigned or moved (no conflict), cancelled, checked in, or over', () => {
    expect(needsResolving({ ...visit, conflict: null }, now)).toBe(false);
    expect(needsResolving({ ...visit, status: 'cancelled' }, now)).toBe(false);
    expect(needsResolving({ ...visit, attendance: 'checked_in' }, now)).toBe(false);
    expect(needsResolving({ ...visit, endsAt: now }, now)).toBe(false);
  });
});

describe('freeAtStart: who can take the visit at its own time', () => {
  const slots = [
    { time: '13:45', therapistIds: [4] },
    { time: '14:00', therapistIds: [2, 5, 7] },
  ];
  it("reads the slot engine's therapists at the visit's start, without the therapist it has", () => {
    expect(freeAtStart(slots, '14:00', 2)).toEqual([5, 7]);
  });
  it('is empty when no slot starts then (nobody free for the whole visit)', () => {
    expect(freeAtStart(slots, '14:15', 2)).toEqual([]);
  });
  it('asks the engine only for lengths it takes: whole quarter hours up to ten hours', () => {
    expect(slotDuration(45)).toBe(45);
    expect(slotDuration(50)).toBeUndefined();
    expect(slotDuration(615)).toBeUndefined();
  });
});

describe('affectedDays: the time-off page links each day the visits fall on', () => {
  it('groups by date and location, in date order, with counts', () => {
    expect(
      affectedDays([
        { locationSlug: 'soho', location: 'SoHo', localStart: '2027-01-12 14:00' },
        { locationSlug: 'soho', location: 'SoHo', localStart: '2027-01-11 15:00' },
        { locationSlug: 'midtown', location: 'Midtown', localStart: '2027-01-11 16:00' },
        { locationSlug: 'soho', location: 'SoHo', localStart: '2027-01-11 10:00' },
      ]),
    ).toEqual([
      { locationSlug: 'midtown', location: 'Midtown', date: '2027-01-11', count: 1 },
      { locationSlug: 'soho', location: 'SoHo', date: '2027-01-11', count: 2 },
      { locationSlug: 'soho', location: 'SoHo', date: '2027-01-12', count: 1 },
    ]);
  });
});

describe('reassignAllMessage', () => {
  it('says how many moved and which are left, with why', () => {
    expect(reassignAllMessage({ moved: 2, left: [] })).toBe('2 visits reassigned.');
    expect(reassignAllMessage({ moved: 1, left: [{ customerName: 'Ann Lee', reason: 'nobody free is qualified' }] })).toBe(
      '1 visit reassigned. Still to resolve: Ann Lee (nobody free is qualified).',
    );
    expect(reassignAllMessage({ moved: 0, left: [{ customerName: 'Ben Ng', reason: 'nobody free is qualified' }] })).toBe('No visit was reassigned. Still to resolve: Ben Ng (nobody free is qualified).');
  });
});

describe('shapeDay marks each booked visit with its conflict', () => {
  // Monday 2027-01-11: SoHo opens 10:00 to 20:00 New York time (UTC-5 in January).
  const DATE = '2027-01-11' as DateInLocationTz;
  const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00-05:00`);
  const row = (id: string, therapistId: number, from: string, to: string, status: DayAppointmentRow['status'] = 'booked'): DayAppointmentRow => ({
    id,
    bookingId: `b-${id}`,
    customerId: `c-${id}`,
    customerName: `Customer ${id}`,
    therapistId,
    areaId: 1,
    startsAt: at(from),
    endsAt: at(to),
    status,
    attendance: null,
    note: '',
    lines: [{ name: 'Eyebrows', pkgId: null }],
  });
  const input = (overrides: Partial<ShapeInput> = {}): ShapeInput => ({
    location: { id: 1, slug: 'soho', name: 'SoHo' },
    date: DATE,
    hours: { open: 600, close: 1200 },
    roster: [
      { therapistId: 1, startMinute: 600, endMinute: 900 },
      { therapistId: 2, startMinute: null, endMinute: null },
    ],
    appointments: [row('a', 1, '11:00', '12:00'), row('b', 1, '16:00', '17:00'), row('c', 2, '12:00', '13:00'), row('d', 3, '12:00', '12:30'), row('x', 2, '14:00', '15:00', 'cancelled')],
    therapistName: (id) => `T${id}`,
    now: Date.parse('2027-01-01T12:00:00Z'),
    ...overrides,
  });
  const conflicts = (day: ReturnType<typeof shapeDay>) => Object.fromEntries([...day.blocks, ...day.cancelled].map((b) => [b.id, b.conflict]));

  it('inside time off, after the shift, without a roster; a cancelled visit has none', () => {
    const day = shapeDay(input({ timeOff: [{ therapistId: 2, start: at('11:30').getTime(), end: at('18:00').getTime() }] }));
    expect(conflicts(day)).toEqual({ a: null, b: 'off_roster', c: 'time_off', d: 'off_roster', x: null });
    expect(day.toResolve).toEqual([]);
  });

  it('time off of several days counts on this day too (cut at its midnight)', () => {
    const day = shapeDay(input({ timeOff: [{ therapistId: 1, start: Date.parse('2027-01-10T20:00:00-05:00'), end: Date.parse('2027-01-12T09:00:00-05:00') }] }));
    expect(conflicts(day)).toMatchObject({ a: 'time_off', b: 'time_off', c: null });
  });

  it('every visit of a closed day, and of a weekday without opening hours', () => {
    expect(Object.values(conflicts(shapeDay(input({ closed: 'Snow day' })))).filter(Boolean)).toEqual(['closed', 'closed', 'closed', 'closed']);
    expect(conflicts(shapeDay(input({ hours: null }))).a).toBe('closed');
  });
});
