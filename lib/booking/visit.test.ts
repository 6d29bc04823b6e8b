import fc from 'fast-check';
import { hoursOn } from '@/lib/catalog/hours';
import { parseDateInLocationTz, utcMsToLocal, type DateInLocationTz } from './dates';
import { computeSlots, type BusyInterval, type RosterEntry } from './slots';
import { computeVisitSlots, dayPartOf, type VisitAreaQuery } from './visit';

const day = (value: string) => parseDateInLocationTz(value) as DateInLocationTz;
const at = (iso: string) => Date.parse(iso);
const LONG_AGO = at('2020-01-01T00:00:00Z');
const local = (iso: string) => utcMsToLocal(Date.parse(iso)).slice(11);
const M = 60_000;

const wax: VisitAreaQuery = { areaId: 1, durationMinutes: 30, roster: [{ therapistId: 1 }, { therapistId: 2 }] };
const facial: VisitAreaQuery = { areaId: 3, durationMinutes: 60, roster: [{ therapistId: 4 }] };

describe('computeVisitSlots: areas back to back', () => {
  it('chains the second area at the end of the first, and the last visit ends at closing', () => {
    const slots = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [wax, facial], busy: [], now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('10:00');
    expect(slots[0]!.legs.map((l) => [l.areaId, local(l.start), local(l.end), l.therapistIds])).toEqual([
      [1, '10:00', '10:30', [1, 2]],
      [3, '10:30', '11:30', [4]],
    ]);
    expect(local(slots.at(-1)!.start)).toBe('18:30');
    expect(local(slots.at(-1)!.end)).toBe('20:00');
    // 10:00 to 18:30 in 15-minute steps.
    expect(slots).toHaveLength(35);
  });

  it('a time where the second area has nobody free is left out, although the first area is free', () => {
    const busy: BusyInterval[] = [{ therapistId: 4, start: at('2026-12-14T16:00:00Z'), end: at('2026-12-14T17:00:00Z') }]; // 11:00-12:00
    const starts = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [wax, facial], busy, now: LONG_AGO }).map((s) => local(s.start));
    // The facial (10:30 + 30 min per step) must not touch 11:00-12:00: 10:00 (facial 10:30-11:30) clashes.
    expect(starts).not.toContain('10:00');
    expect(starts).not.toContain('11:00');
    expect(starts).toContain('11:30');
    expect(starts.slice(0, 2)).toEqual(['11:30', '11:45']);
  });

  it('lists only the therapists free for their own leg', () => {
    const busy: BusyInterval[] = [{ therapistId: 1, start: at('2026-12-14T15:00:00Z'), end: at('2026-12-14T15:30:00Z') }];
    const [first] = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [wax, facial], busy, now: LONG_AGO });
    expect(first!.legs[0]!.therapistIds).toEqual([2]);
  });

  it('a named therapist is the only one tried', () => {
    const named = { ...wax, roster: [{ therapistId: 2 }] };
    const busy: BusyInterval[] = [{ therapistId: 2, start: at('2026-12-14T15:00:00Z'), end: at('2026-12-14T19:00:00Z') }]; // 10:00-14:00
    const slots = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [named, facial], busy, now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('14:00');
    expect(slots.every((s) => s.legs[0]!.therapistIds.join() === '2')).toBe(true);
  });

  it('one therapist may take two areas one after the other', () => {
    const a = { areaId: 2, durationMinutes: 15, roster: [{ therapistId: 9 }] };
    const b = { areaId: 3, durationMinutes: 15, roster: [{ therapistId: 9 }] };
    const slots = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [a, b], busy: [], now: LONG_AGO });
    expect(slots[0]!.legs.map((l) => l.therapistIds)).toEqual([[9], [9]]);
  });

  it('keeps each area inside its own therapists\' rosters', () => {
    const late = { ...facial, roster: [{ therapistId: 4, startMinute: 15 * 60, endMinute: 18 * 60 }] };
    const slots = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [wax, late], busy: [], now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('14:30');
    expect(local(slots.at(-1)!.start)).toBe('16:30');
  });

  it('nothing when an area has nobody rostered that weekday, when the visit is longer than the day, or with no areas', () => {
    const weekdaysOnly = { ...facial, roster: [{ therapistId: 4, weekdays: [1, 2, 3, 4, 5] }] };
    expect(computeVisitSlots({ date: day('2026-12-13'), hours: hoursOn(1, day('2026-12-13')), areas: [wax, weekdaysOnly], busy: [], now: LONG_AGO })).toEqual([]);
    const long = { ...facial, durationMinutes: 7 * 60 + 15 };
    expect(computeVisitSlots({ date: day('2026-12-13'), hours: hoursOn(1, day('2026-12-13')), areas: [long], busy: [], now: LONG_AGO })).toEqual([]);
    expect(computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [], busy: [], now: LONG_AGO })).toEqual([]);
    expect(computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [{ ...wax, durationMinutes: 0 }], busy: [], now: LONG_AGO })).toEqual([]);
  });

  it('never starts before now, and stays on the grid from opening', () => {
    const now = at('2026-12-14T17:07:00Z'); // 12:07
    const slots = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [wax, facial], busy: [], now });
    expect(local(slots[0]!.start)).toBe('12:15');
    expect(computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [wax], busy: [], now: at('2026-12-15T02:00:00Z') })).toEqual([]);
  });

  it('for one area it lists the same starts and therapists as computeSlots', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ therapistId: fc.integer({ min: 1, max: 3 }), from: fc.integer({ min: 0, max: 40 }), len: fc.integer({ min: 1, max: 8 }) }), { maxLength: 12 }),
        fc.constantFrom(15, 30, 45, 60, 90),
        (appointments, duration) => {
          const open = at('2026-12-14T15:00:00Z');
          const busy = appointments.map((a) => ({ therapistId: a.therapistId, start: open + a.from * 15 * M, end: open + (a.from + a.len) * 15 * M }));
          const roster: RosterEntry[] = [{ therapistId: 1 }, { therapistId: 2 }, { therapistId: 3, startMinute: 12 * 60 }];
          const single = computeSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), roster, busy, durationMinutes: duration, now: LONG_AGO });
          const visit = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [{ areaId: 1, durationMinutes: duration, roster }], busy, now: LONG_AGO });
          expect(visit.map((v) => [v.start, v.legs[0]!.therapistIds])).toEqual(single.map((s) => [s.start, s.therapistIds]));
        },
      ),
    );
  });

  it('every leg it lists is free for a therapist it names, and legs follow each other without a gap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ therapistId: fc.integer({ min: 1, max: 4 }), from: fc.integer({ min: 0, max: 40 }), len: fc.integer({ min: 1, max: 8 }) }), { maxLength: 16 }),
        (appointments) => {
          const open = at('2026-12-14T15:00:00Z');
          const busy = appointments.map((a) => ({ therapistId: a.therapistId, start: open + a.from * 15 * M, end: open + (a.from + a.len) * 15 * M }));
          const areas = [
            { areaId: 1, durationMinutes: 45, roster: [{ therapistId: 1 }, { therapistId: 2 }] },
            { areaId: 2, durationMinutes: 15, roster: [{ therapistId: 3 }] },
            { areaId: 3, durationMinutes: 30, roster: [{ therapistId: 2 }, { therapistId: 4 }] },
          ];
          for (const slot of computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas, busy, now: LONG_AGO })) {
            for (const [i, leg] of slot.legs.entries()) {
              if (i > 0) expect(leg.start).toBe(slot.legs[i - 1]!.end);
              const s = Date.parse(leg.start);
              const e = Date.parse(leg.end);
              expect(e).toBeLessThanOrEqual(open + 10 * 60 * M);
              for (const id of leg.therapistIds) expect(busy.some((b) => b.therapistId === id && b.start < e && s < b.end)).toBe(false);
            }
          }
        },
      ),
    );
  });
});

describe('computeVisitSlots with a six-hour service', () => {
  it('chains a 360-minute area before a 30-minute one inside a weekday, and finds nothing when the two pass closing', () => {
    const long: VisitAreaQuery = { areaId: 3, durationMinutes: 360, roster: [{ therapistId: 4 }] };
    const slots = computeVisitSlots({ date: day('2026-12-14'), hours: hoursOn(1, day('2026-12-14')), areas: [long, wax], busy: [], now: LONG_AGO });
    expect(local(slots[0]!.start)).toBe('10:00');
    expect(slots[0]!.legs.map((l) => [local(l.start), local(l.end)])).toEqual([
      ['10:00', '16:00'],
      ['16:00', '16:30'],
    ]);
    expect(local(slots.at(-1)!.end)).toBe('20:00');
    expect(local(slots.at(-1)!.start)).toBe('13:30');
    const sunday = computeVisitSlots({ date: day('2026-06-14'), hours: hoursOn(1, day('2026-06-14')), areas: [long, { ...wax, durationMinutes: 90 }], busy: [], now: LONG_AGO });
    expect(sunday).toEqual([]);
  });
});

describe('computeVisitSlots on daylight-saving days', () => {
  it.each([
    ['2026-03-08', '2026-03-08T15:00:00.000Z'], // spring forward (23-hour day): opens 11:00 EDT
    ['2026-11-01', '2026-11-01T16:00:00.000Z'], // fall back (25-hour day): opens 11:00 EST
  ])('%s: visits start at 11:00 local, every 15 minutes, and the last one ends at 18:00 local', (date, first) => {
    const slots = computeVisitSlots({ date: day(date), hours: hoursOn(1, day(date)), areas: [wax, facial], busy: [], now: LONG_AGO });
    expect(slots[0]!.start).toBe(first);
    expect(local(slots[0]!.start)).toBe('11:00');
    expect(local(slots.at(-1)!.end)).toBe('18:00');
    expect(slots).toHaveLength(7 * 4 - 6 + 1);
    for (let i = 1; i < slots.length; i++) expect(Date.parse(slots[i]!.start) - Date.parse(slots[i - 1]!.start)).toBe(15 * M);
  });

  it('a roster shift in local minutes bounds the chained leg on the fall-back day', () => {
    const shift = { ...facial, roster: [{ therapistId: 4, startMinute: 13 * 60, endMinute: 15 * 60 }] };
    const slots = computeVisitSlots({ date: day('2026-11-01'), hours: hoursOn(1, day('2026-11-01')), areas: [wax, shift], busy: [], now: LONG_AGO });
    expect(slots.map((s) => local(s.legs[1]!.start))).toEqual(['13:00', '13:15', '13:30', '13:45', '14:00']);
  });
});

describe('dayPartOf', () => {
  it('morning before noon, afternoon before 5 pm, evening after', () => {
    expect(['10:00', '11:45', '12:00', '16:45', '17:00', '19:30'].map(dayPartOf)).toEqual(['morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening']);
  });
});
