import { hoursOn } from '@/lib/catalog/hours';
import type { DateInLocationTz } from './dates';
import type { BusyInterval, RosterEntry } from './slots';
import { entriesSatisfied, fittingTimes, type RosterOf, type WaitingEntry } from './waitlist-match';

// Monday 2027-01-11: open 10:00 to 20:00 New York time (UTC-5).
const DAY = '2027-01-11' as DateInLocationTz;
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00-05:00`);
const busy = (therapistId: number, from: string, to: string): BusyInterval => ({ therapistId, start: at(from), end: at(to) });
const NOW = Date.parse('2027-01-04T17:00:00Z');
const HOURS = hoursOn(1, DAY);

// Area 1: therapists 1 and 2; area 3: therapist 4.
const ROSTER: Record<number, RosterEntry[]> = { 1: [{ therapistId: 1 }, { therapistId: 2 }], 3: [{ therapistId: 4 }] };
const rosterOf: RosterOf = (areaId, therapistId) => (ROSTER[areaId] ?? []).filter((r) => therapistId === 0 || r.therapistId === therapistId);

let clock = 0;
function entry(id: string, kind: 'area' | 'visit', areas: [number, number, number][], seq = ++clock): WaitingEntry {
  return { id, kind, date: DAY, areas: areas.map(([areaId, therapistId, minutes]) => ({ areaId, therapistId, minutes })), seq };
}

// After the change: therapist 1 is free from 12:00 to 13:00 only (the cancelled appointment), therapist 2 never,
// therapist 4 all day.
const busyAfter = [busy(1, '10:00', '12:00'), busy(1, '13:00', '20:00'), busy(2, '10:00', '20:00')];
const freed = [busy(1, '12:00', '13:00')];

describe('entriesSatisfied: which entries a freed time satisfies, in order', () => {
  it('mails the entries that now fit and did not before, in the order they asked, each with its first new time', () => {
    const entries = [
      entry('a-th1-60', 'area', [[1, 1, 60]], 3),
      entry('b-any-30', 'area', [[1, 0, 30]], 1),
      entry('c-th2-30', 'area', [[1, 2, 30]], 2),
      entry('d-th1-90', 'area', [[1, 1, 90]], 4),
      entry('e-visit', 'visit', [[1, 0, 30], [3, 4, 60]], 5),
      entry('f-area3', 'area', [[3, 4, 60]], 6),
    ];
    const satisfied = entriesSatisfied(entries, { rosterOf, busyAfter, freed, now: NOW, hours: HOURS });
    expect(satisfied.map((s) => [s.entry.id, s.time.start])).toEqual([
      ['b-any-30', '2027-01-11T17:00:00.000Z'],
      ['a-th1-60', '2027-01-11T17:00:00.000Z'],
      ['e-visit', '2027-01-11T17:00:00.000Z'],
    ]);
    // The visit's legs follow each other: Hair Removal at 12:00, Skincare at 12:30.
    expect(satisfied[2]!.time.legs.map((l) => [l.areaId, l.time, l.therapistIds])).toEqual([
      [1, '12:00', [1]],
      [3, '12:30', [4]],
    ]);
  });

  it('a time that was free before is no news; nothing freed, nobody told', () => {
    const open = entry('open', 'area', [[3, 4, 60]]);
    expect(fittingTimes(open, rosterOf, busyAfter, NOW, HOURS).length).toBeGreaterThan(0);
    expect(entriesSatisfied([open], { rosterOf, busyAfter, freed, now: NOW, hours: HOURS })).toEqual([]);
    expect(entriesSatisfied([entry('x', 'area', [[1, 1, 30]])], { rosterOf, busyAfter, freed: [], now: NOW, hours: HOURS })).toEqual([]);
  });

  it('a freed time that has already begun fits nobody', () => {
    const later = Date.parse(`${DAY}T12:30:00-05:00`);
    expect(entriesSatisfied([entry('x', 'area', [[1, 1, 60]])], { rosterOf, busyAfter, freed, now: later, hours: HOURS })).toEqual([]);
    // The rest of the hour still fits a short one.
    expect(entriesSatisfied([entry('y', 'area', [[1, 1, 15]])], { rosterOf, busyAfter, freed, now: later, hours: HOURS }).map((s) => s.time.start)).toEqual([
      '2027-01-11T17:30:00.000Z',
    ]);
  });

  it('a move frees the old time and takes the new one: only the old one is news', () => {
    // Therapist 1's appointment moved from 12:00-13:00 to 15:00-16:00.
    const after = [busy(1, '10:00', '12:00'), busy(1, '13:00', '15:00'), busy(1, '15:00', '16:00'), busy(1, '16:00', '20:00'), busy(2, '10:00', '20:00')];
    const satisfied = entriesSatisfied([entry('m', 'area', [[1, 0, 60]])], { rosterOf, busyAfter: after, freed, now: NOW, hours: HOURS });
    expect(satisfied.map((s) => s.time.start)).toEqual(['2027-01-11T17:00:00.000Z']);
  });

  it("a time overlapping the customer's own appointment is not offered: the next new time that fits is, or none", () => {
    // Her own visit elsewhere, 12:00 to 12:30: busy for every therapist, as in her slot lists.
    const own = [1, 2, 4].map((therapistId) => busy(therapistId, '12:00', '12:30'));
    const mine = { ...entry('own', 'area', [[1, 0, 30]]), ownBusy: own };
    expect(entriesSatisfied([mine], { rosterOf, busyAfter, freed, now: NOW, hours: HOURS }).map((s) => s.time.start)).toEqual(['2027-01-11T17:30:00.000Z']);
    // Busy the whole freed hour: nothing to offer her, while another customer is offered 12:00.
    const allHour = { ...entry('own-hour', 'area', [[1, 0, 30]]), ownBusy: [1, 2, 4].map((therapistId) => busy(therapistId, '11:45', '13:00')) };
    const other = entry('other', 'area', [[1, 0, 30]]);
    expect(entriesSatisfied([allHour, other], { rosterOf, busyAfter, freed, now: NOW, hours: HOURS }).map((s) => [s.entry.id, s.time.start])).toEqual([['other', '2027-01-11T17:00:00.000Z']]);
  });
});
