import fc from 'fast-check';
import { hoursOn } from '@/lib/catalog/hours';
import { blockedIntervals, crossesBlock, type TimeOff } from './blocks';
import { parseDateInLocationTz, utcMsToLocal, type DateInLocationTz } from './dates';
import { computeSlots, type RosterEntry } from './slots';
import { computeVisitSlots } from './visit';

const day = (value: string) => parseDateInLocationTz(value) as DateInLocationTz;
const LONG_AGO = Date.parse('2020-01-01T00:00:00Z');
const local = (iso: string) => utcMsToLocal(Date.parse(iso)).slice(11);
const M = 60_000;
const two: RosterEntry[] = [{ therapistId: 1 }, { therapistId: 2 }];

describe('blockedIntervals', () => {
  it('places a weekly block on each matching day by the wall clock, also across a DST change', () => {
    // Sundays 13:00-15:00; 2026-03-08 is the spring-forward Sunday, 2026-03-01 the one before.
    const weekly: TimeOff = { therapistId: 3, kind: 'weekly', weekday: 0, startMinute: 13 * 60, endMinute: 15 * 60 };
    const busy = blockedIntervals([weekly], [day('2026-03-01'), day('2026-03-02'), day('2026-03-08')]);
    expect(busy.map((b) => [b.therapistId, utcMsToLocal(b.start), utcMsToLocal(b.end)])).toEqual([
      [3, '2026-03-01 13:00', '2026-03-01 15:00'],
      [3, '2026-03-08 13:00', '2026-03-08 15:00'],
    ]);
    expect(busy[0]!.end - busy[0]!.start).toBe(120 * M);
    expect(busy[1]!.end - busy[1]!.start).toBe(120 * M);
  });

  it('places a weekly block only on the dates it applied: from the day it was added to the day before its removal', () => {
    // Sundays 13:00-15:00, added on Sunday March 8 2026 and removed on Sunday March 22.
    const dated: TimeOff = { therapistId: 3, kind: 'weekly', weekday: 0, startMinute: 13 * 60, endMinute: 15 * 60, validFrom: '2026-03-08', validUntil: '2026-03-22' };
    const sundays = ['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22'].map(day);
    expect(blockedIntervals([dated], sundays).map((b) => utcMsToLocal(b.start))).toEqual(['2026-03-08 13:00', '2026-03-15 13:00']);
    expect(blockedIntervals([{ ...dated, validFrom: null }], sundays).map((b) => utcMsToLocal(b.start))).toEqual(['2026-03-01 13:00', '2026-03-08 13:00', '2026-03-15 13:00']);
    expect(blockedIntervals([{ ...dated, validUntil: null }], sundays)).toHaveLength(3);
  });

  it('passes a one-off block through as it is', () => {
    const once: TimeOff = { therapistId: 1, kind: 'once', start: 10, end: 20 };
    expect(blockedIntervals([once], [])).toEqual([{ therapistId: 1, start: 10, end: 20 }]);
  });

  it('crossesBlock: half-open, per therapist', () => {
    const blocked = [{ therapistId: 1, start: 100, end: 200 }];
    expect(crossesBlock(1, { start: 150, end: 250 }, blocked)).toBe(true);
    expect(crossesBlock(1, { start: 200, end: 250 }, blocked)).toBe(false);
    expect(crossesBlock(1, { start: 50, end: 100 }, blocked)).toBe(false);
    expect(crossesBlock(2, { start: 150, end: 160 }, blocked)).toBe(false);
  });
});

describe('the slot engines with blocks and closures', () => {
  const date = day('2026-12-14'); // a Monday, 10:00-20:00 EST
  const afternoon: TimeOff = { therapistId: 1, kind: 'once', start: Date.parse('2026-12-14T18:00:00Z'), end: Date.parse('2026-12-14T22:00:00Z') }; // 13:00-17:00

  it('an afternoon off takes that therapist\'s afternoon slots away and leaves the other therapist\'s', () => {
    const busy = blockedIntervals([afternoon], [date]);
    const slots = computeSlots({ date, hours: hoursOn(1, date), roster: two, busy, durationMinutes: 60, now: LONG_AGO });
    const forOne = slots.filter((s) => s.therapistIds.includes(1)).map((s) => local(s.start));
    expect(forOne).toContain('12:00');
    expect(forOne).not.toContain('12:15');
    expect(forOne).not.toContain('16:45');
    expect(forOne).toContain('17:00');
    expect(slots.find((s) => local(s.start) === '14:00')!.therapistIds).toEqual([2]);
  });

  it('a closed day has no slots and no visit times', () => {
    expect(computeSlots({ date, hours: hoursOn(1, date), roster: two, busy: [], durationMinutes: 30, now: LONG_AGO, closed: true })).toEqual([]);
    expect(computeVisitSlots({ date, hours: hoursOn(1, date), areas: [{ areaId: 1, durationMinutes: 30, roster: two }], busy: [], now: LONG_AGO, closed: true })).toEqual([]);
  });

  it('never offers a slot or a visit leg that crosses a block (fast-check)', () => {
    const open = Date.parse('2026-12-14T15:00:00Z');
    const block = fc.record({
      therapistId: fc.constantFrom(1, 2),
      from: fc.integer({ min: -8, max: 48 }),
      quarters: fc.integer({ min: 1, max: 24 }),
      weekly: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(block, { maxLength: 5 }), fc.integer({ min: 1, max: 16 }), (raw, quarters) => {
        const blocks: TimeOff[] = raw.map((b) =>
          b.weekly
            ? { therapistId: b.therapistId, kind: 'weekly', weekday: 1, startMinute: 600 + Math.max(0, b.from) * 15, endMinute: 600 + Math.max(0, b.from) * 15 + b.quarters * 15 }
            : { therapistId: b.therapistId, kind: 'once', start: open + b.from * 15 * M, end: open + (b.from + b.quarters) * 15 * M },
        );
        const busy = blockedIntervals(blocks, [date]);
        const duration = quarters * 15;
        for (const slot of computeSlots({ date, hours: hoursOn(1, date), roster: two, busy, durationMinutes: duration, now: LONG_AGO })) {
          const span = { start: Date.parse(slot.start), end: Date.parse(slot.start) + duration * M };
          for (const id of slot.therapistIds) expect(crossesBlock(id, span, busy)).toBe(false);
        }
        for (const visit of computeVisitSlots({ date, hours: hoursOn(1, date), areas: [{ areaId: 1, durationMinutes: duration, roster: two }], busy, now: LONG_AGO })) {
          for (const leg of visit.legs) for (const id of leg.therapistIds) expect(crossesBlock(id, { start: Date.parse(leg.start), end: Date.parse(leg.end) }, busy)).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});
