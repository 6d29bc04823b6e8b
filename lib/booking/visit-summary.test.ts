import { formatClock } from './clock';
import { CANCELLATION_CUTOFF_HOURS } from './appointments/access';
import { bookedSummary } from './booked-summary';
import { addLocalMinutes, CANCELLATION_HOURS, CANCELLATION_RULE, summariseVisit, summaryText, totalTimeText } from './visit-summary';
import { readFileSync } from 'node:fs';
import { allServiceItems } from '@/lib/catalog/catalog';

describe('visit summary', () => {
  const summary = summariseVisit([
    {
      areaName: 'Skincare',
      therapistName: 'Grace Kim',
      localStart: '2027-03-10 10:30',
      services: [{ name: 'Signature Facial', minutes: 60, shownMinutes: 60, price: 0, packageTitle: 'Signature Facial x3' }],
    },
    {
      areaName: 'Hair Removal',
      therapistName: 'any therapist',
      localStart: '2027-03-10 10:00',
      services: [
        { name: 'Eyebrows', minutes: 15, shownMinutes: 15, price: 25, packageTitle: null },
        { name: 'Upper Lip', minutes: 15, shownMinutes: 15, price: 15, packageTitle: null },
      ],
    },
  ]);

  it('times each service after the ones before it in its area, in the order of the day', () => {
    expect(summary.lines.map((l) => [l.name, l.localStart, l.therapistName])).toEqual([
      ['Eyebrows', '2027-03-10 10:00', 'any therapist'],
      ['Upper Lip', '2027-03-10 10:15', 'any therapist'],
      ['Signature Facial', '2027-03-10 10:30', 'Grace Kim'],
    ]);
  });

  it('adds up the price (a package line costs nothing) and the booked time', () => {
    expect(summary).toMatchObject({ totalPrice: 40, totalMinutes: 90, covered: 1 });
    expect(summaryText(summary)).toEqual([
      '- Wednesday, March 10, 2027 at 10:00 AM: Eyebrows (Hair Removal) with any therapist, 15 min, $25',
      '- Wednesday, March 10, 2027 at 10:15 AM: Upper Lip (Hair Removal) with any therapist, 15 min, $15',
      '- Wednesday, March 10, 2027 at 10:30 AM: Signature Facial (Skincare) with Grace Kim, 1 hr, covered by your package Signature Facial x3',
      'Total: $40 for 1 hr 30 min (1 covered by your packages)',
    ]);
  });

  it('services back to back: the total time is theirs, with no gap', () => {
    expect(summary.span).toEqual({ start: '2027-03-10 10:00', end: '2027-03-10 11:30', gapMinutes: 0 });
    expect(totalTimeText(summary)).toBe('1 hr 30 min');
  });

  it('services hours apart (times per service): the total time says there is a gap, how long, and from when to when', () => {
    const apart = summariseVisit([
      { areaName: 'Hair Removal', therapistName: 'any therapist', localStart: '2027-03-10 10:00', services: [{ name: 'Eyebrows', minutes: 30, shownMinutes: 30, price: 25, packageTitle: null }] },
      { areaName: 'Skincare', therapistName: 'Grace Kim', localStart: '2027-03-10 14:00', services: [{ name: 'Signature Facial', minutes: 60, shownMinutes: 60, price: 150, packageTitle: null }] },
    ]);
    expect(apart.span).toEqual({ start: '2027-03-10 10:00', end: '2027-03-10 15:00', gapMinutes: 210 });
    expect(totalTimeText(apart)).toBe('1 hr 30 min, with a gap of 3 hrs 30 min (10:00 AM to 3:00 PM)');
    expect(summaryText(apart).at(-1)).toBe('Total: $175 for 1 hr 30 min, with a gap of 3 hrs 30 min (10:00 AM to 3:00 PM)');
  });

  it('services on two days say so; a service without a time yet leaves the total as the minutes alone', () => {
    const twoDays = summariseVisit([
      { areaName: 'Hair Removal', therapistName: 'any therapist', localStart: '2027-03-10 10:00', services: [{ name: 'Eyebrows', minutes: 30, shownMinutes: 30, price: 25, packageTitle: null }] },
      { areaName: 'Skincare', therapistName: 'Grace Kim', localStart: '2027-03-12 10:00', services: [{ name: 'Signature Facial', minutes: 60, shownMinutes: 60, price: 150, packageTitle: null }] },
    ]);
    expect(totalTimeText(twoDays)).toBe('1 hr 30 min, over 2 days');
    const partly = summariseVisit([
      { areaName: 'Hair Removal', therapistName: 'any therapist', localStart: '2027-03-10 10:00', services: [{ name: 'Eyebrows', minutes: 30, shownMinutes: 30, price: 25, packageTitle: null }] },
      { areaName: 'Skincare', therapistName: 'Grace Kim', localStart: undefined, services: [{ name: 'Signature Facial', minutes: 60, shownMinutes: 60, price: 150, packageTitle: null }] },
    ]);
    expect(partly.days).toBe(0);
    expect(partly.span).toBeUndefined();
    expect(totalTimeText(partly)).toBe('1 hr 30 min');
  });

  it('a line without a time yet says so and sorts last', () => {
    const open = summariseVisit([{ areaName: 'Brows', therapistName: 'any therapist', localStart: undefined, services: [{ name: 'Tint', minutes: 15, shownMinutes: 15, price: 20, packageTitle: null }] }]);
    expect(open.lines[0]!.localStart).toBeUndefined();
    expect(summaryText(open)[0]).toBe('- time to be chosen: Tint (Brows) with any therapist, 15 min, $20');
  });

  it('wall-clock arithmetic and clock format', () => {
    expect(addLocalMinutes('2026-11-01 11:45', 75)).toBe('2026-11-01 13:00');
    expect(['2026-11-01 00:05', '09:30', '12:00', '19:45'].map(formatClock)).toEqual(['12:05 AM', '9:30 AM', '12:00 PM', '7:45 PM']);
  });

  it('the rule is the one the booking code enforces and the policy page states', () => {
    expect(CANCELLATION_HOURS).toBe(CANCELLATION_CUTOFF_HOURS);
    const policy = readFileSync('content/pages/cancellation-policy.md', 'utf8');
    expect(policy).toContain(`free of charge up to ${CANCELLATION_HOURS} hours`);
    // No fee the site does not take: a deposit kept is the only one, as the policy and lib/deposits/fee-rule.ts say.
    expect(policy).not.toContain('50% of the service price');
    expect(policy).toContain('the deposit is kept as the\n  late-cancellation fee');
    expect(CANCELLATION_RULE).toContain('a deposit paid for it is kept as the late-cancellation fee');
  });

  it('a booked card: catalogue durations as the menu shows them and the package title by its id', () => {
    const item = allServiceItems().find((i) => i.spkg.some((o) => o.pvType === 3))!;
    const offer = item.spkg.find((o) => o.pvType === 3)!;
    const booked = bookedSummary([
      { areaName: 'Hair Removal', therapistName: 'Maria Lopez', localStart: '2027-03-10 10:00', status: 'booked', lines: [{ id: item.id, name: item.name, duration: item.duration, price: 0, pkgId: offer.pvId.toLowerCase() }] },
      { areaName: 'Skincare', therapistName: 'Grace Kim', localStart: '2027-03-10 12:00', status: 'cancelled', lines: [{ id: item.id, name: 'Gone', duration: 30, price: 90, pkgId: null }] },
    ]);
    expect(booked.lines).toHaveLength(1);
    expect(booked.lines[0]).toMatchObject({ packageTitle: offer.pvTitle, price: 0 });
    expect(booked.totalPrice).toBe(0);
  });
});
