import { randomUUID } from 'node:crypto';
import { cardServiceIds, emptyBookingCard, type BookingCard, type BookingService, type Gender } from '@/lib/booking/card';
import { bookedService, bookingArea } from '@/lib/booking/test-support/booking-card';
import { keepChosenTimes } from './card';
import { mergeCard, mergeIds, mergeLocation, mergeShop } from './merge';

interface Placed {
  area: number;
  service: BookingService;
}

const line = (areaId: number, pkgId: string | null = null): Placed => ({
  area: areaId,
  service: bookedService(randomUUID(), areaId === 1 ? 1 : 64, { package: pkgId ? { packageId: pkgId, packageType: 3, sessionsFulfilled: 0, sessionsCombined: 0 } : null }),
});

function cardOf(lines: Placed[], areas: Partial<Record<number, { therapist?: number; date?: string }>> = {}, gender: Gender = 'women'): BookingCard {
  const card = emptyBookingCard({ gender });
  for (const l of lines) {
    let area = card.areas.find((a) => a.area === l.area);
    if (!area) {
      area = bookingArea({ area: l.area, ...areas[l.area], services: [] });
      card.areas.push(area);
    }
    area.services.push(l.service);
  }
  return card;
}

const dayOf = (card: BookingCard) => card.areas[0]!.when;

describe('mergeCard', () => {
  it('keeps what either tab added and drops what either removed', () => {
    const [x, y, z, w] = [line(1), line(1), line(2), line(2)];
    const base = cardOf([x, y]);
    const ours = cardOf([x, y, z]); // added z
    const theirs = cardOf([y, w]); // removed x, added w
    expect(cardServiceIds(mergeCard(base, ours, theirs))).toEqual([y.service.id, z.service.id, w.service.id]);
  });

  it('takes the therapist and date the other tab chose unless this tab changed them too', () => {
    const x = line(1);
    const base = cardOf([x]);
    const theirs = cardOf([x], { 1: { therapist: 3, date: '2027-01-11' } });
    expect(mergeCard(base, base, theirs).areas[0]).toMatchObject({ therapist: 3, when: { kind: 'day', date: '2027-01-11' } });
    const ours = cardOf([x], { 1: { therapist: 4 } });
    expect(mergeCard(base, ours, theirs).areas[0]).toMatchObject({ therapist: 4, when: { kind: 'day', date: '2027-01-11' } });
  });

  it("keeps this tab's chosen time while the other tab's write leaves its area's therapist and day, and drops it when it changes either", () => {
    const [x, y] = [line(1), line(2)];
    // This tab chose 10:30 on the 11th; the other tab's cookie has the day only, and adds a service elsewhere.
    const ours = cardOf([x], { 1: { therapist: 3, date: '2027-01-11 10:30' } });
    const sameDay = cardOf([x, y], { 1: { therapist: 3, date: '2027-01-11' } });
    const merged = mergeCard(ours, ours, sameDay);
    expect(merged.areas[0]).toMatchObject({ therapist: 3, when: { kind: 'time', date: '2027-01-11', time: '10:30' } });
    expect(cardServiceIds(merged)).toEqual([x.service.id, y.service.id]);
    // The other tab chose another day, or another therapist (whose roster the time is not on): the time goes.
    expect(dayOf(mergeCard(ours, ours, cardOf([x], { 1: { therapist: 3, date: '2027-01-12' } })))).toEqual({ kind: 'day', date: '2027-01-12' });
    expect(mergeCard(ours, ours, cardOf([x], { 1: { therapist: 5, date: '2027-01-11' } })).areas[0]).toMatchObject({ therapist: 5, when: { kind: 'day', date: '2027-01-11' } });
    // This tab chose its time after the last save, on the day both knew: it stays too.
    const before = cardOf([x], { 1: { therapist: 3, date: '2027-01-11' } });
    expect(dayOf(mergeCard(before, ours, sameDay))).toEqual({ kind: 'time', date: '2027-01-11', time: '10:30' });
    expect(dayOf(keepChosenTimes(ours, sameDay))).toEqual({ kind: 'time', date: '2027-01-11', time: '10:30' });
    expect(keepChosenTimes(before, sameDay)).toBe(sameDay);
  });

  it('takes a package the other tab put on a service, and the shared fields it changed', () => {
    const x = line(1);
    const pkg = randomUUID();
    const base = cardOf([x]);
    const theirs = { ...cardOf([{ ...x, service: { ...x.service, package: { packageId: pkg, packageType: 0, sessionsFulfilled: 0, sessionsCombined: 0 } } }]), location: 2 as const };
    const merged = mergeCard(base, base, theirs);
    expect(merged.areas[0]!.services[0]).toMatchObject({ id: x.service.id, package: { packageId: pkg } });
    expect(merged.location).toBe(2);
  });

  it('a gender change in one tab empties the card of the other gender\'s services', () => {
    const [x, y] = [line(1), line(1)];
    const base = cardOf([x]);
    const theirs = cardOf([y], {}, 'men');
    const ours = cardOf([x, line(2)]);
    expect(cardServiceIds(mergeCard(base, ours, theirs))).toEqual([y.service.id]);
  });

  it('with no change in this tab, gives the other tab\'s card', () => {
    const base = cardOf([line(1)]);
    const theirs = cardOf([line(2), line(1)], { 1: { date: '2027-02-01' } });
    expect(mergeCard(base, base, theirs)).toEqual({ ...theirs, areas: expect.arrayContaining(theirs.areas) });
  });
});

describe('lists and values', () => {
  it('merges id lists, case-insensitively, within the cap', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    expect(mergeIds([a], [a, b], [a.toUpperCase(), c])).toEqual([a, b, c]);
    expect(mergeIds([a, b], [a, b], [b])).toEqual([b]);
    expect(mergeIds([], [a, b], [c], 2)).toEqual([a, b]);
  });

  it('merges the shop cart and the location', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const empty = { header: { customerId: '', checkoutId: '' }, pvItems: [] };
    expect(mergeShop(empty, { ...empty, pvItems: [a] }, { header: { customerId: '', checkoutId: 'k' }, pvItems: [b] })).toEqual({
      header: { customerId: '', checkoutId: 'k' },
      pvItems: [a, b],
    });
    expect(mergeLocation(1, 1, 3)).toBe(3);
    expect(mergeLocation(1, 2, 3)).toBe(2);
  });
});
