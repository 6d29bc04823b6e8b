import { randomUUID } from 'node:crypto';
import { cardServiceIds, emptyCard, keepChosenTimes, type AppointmentCard, type ServiceLine } from './model';
import { mergeCard, mergeIds, mergeLocation, mergeShop } from './merge';

const line = (areaId: number, gen = 0, pkgId: string | null = null): ServiceLine => ({
  pkgId,
  packageType: pkgId ? 3 : 0,
  qtyFulfilled: 0,
  qtyCombined: 0,
  svcId: '',
  duration: 0,
  isPackage: pkgId !== null,
  isOrdered: false,
  serviceTypeId: areaId === 1 ? 1 : 64,
  gen,
  id: randomUUID(),
  areaId,
});

function cardOf(lines: ServiceLine[], areas: Partial<Record<number, { svcTherapist?: number; svcDate?: string }>> = {}, gender = '0'): AppointmentCard {
  const card = emptyCard({ gender });
  for (const l of lines) {
    let area = card.svcAreas.find((a) => a.areaId === l.areaId);
    if (!area) {
      area = { areaId: l.areaId, svcTherapist: areas[l.areaId]?.svcTherapist ?? 0, svcDate: areas[l.areaId]?.svcDate ?? '', svcNote: '', svcTypes: [] };
      card.svcAreas.push(area);
    }
    const type = area.svcTypes.find((t) => t.svcTypeId === l.serviceTypeId);
    if (type) type.svcArray.push(l);
    else area.svcTypes.push({ svcTypeId: l.serviceTypeId, svcArray: [l] });
  }
  return card;
}

describe('mergeCard', () => {
  it('keeps what either tab added and drops what either removed', () => {
    const [x, y, z, w] = [line(1), line(1), line(2), line(2)];
    const base = cardOf([x, y]);
    const ours = cardOf([x, y, z]); // added z
    const theirs = cardOf([y, w]); // removed x, added w
    expect(cardServiceIds(mergeCard(base, ours, theirs))).toEqual([y.id, z.id, w.id]);
  });

  it('takes the therapist and date the other tab chose unless this tab changed them too', () => {
    const x = line(1);
    const base = cardOf([x]);
    const theirs = cardOf([x], { 1: { svcTherapist: 3, svcDate: '2027-01-11' } });
    expect(mergeCard(base, base, theirs).svcAreas[0]).toMatchObject({ svcTherapist: 3, svcDate: '2027-01-11' });
    const ours = cardOf([x], { 1: { svcTherapist: 4 } });
    expect(mergeCard(base, ours, theirs).svcAreas[0]).toMatchObject({ svcTherapist: 4, svcDate: '2027-01-11' });
  });

  it("keeps this tab's chosen time while the other tab's write leaves its area's therapist and day, and drops it when it changes either", () => {
    const [x, y] = [line(1), line(2)];
    // This tab chose 10:30 on the 11th; the other tab's cookie has the day only, and adds a service elsewhere.
    const ours = cardOf([x], { 1: { svcTherapist: 3, svcDate: '2027-01-11 10:30' } });
    const sameDay = cardOf([x, y], { 1: { svcTherapist: 3, svcDate: '2027-01-11' } });
    const merged = mergeCard(ours, ours, sameDay);
    expect(merged.svcAreas[0]).toMatchObject({ svcTherapist: 3, svcDate: '2027-01-11 10:30' });
    expect(cardServiceIds(merged)).toEqual([x.id, y.id]);
    // The other tab chose another day, or another therapist (whose roster the time is not on): the time goes.
    expect(mergeCard(ours, ours, cardOf([x], { 1: { svcTherapist: 3, svcDate: '2027-01-12' } })).svcAreas[0]!.svcDate).toBe('2027-01-12');
    expect(mergeCard(ours, ours, cardOf([x], { 1: { svcTherapist: 5, svcDate: '2027-01-11' } })).svcAreas[0]).toMatchObject({ svcTherapist: 5, svcDate: '2027-01-11' });
    // This tab chose its time after the last save, on the day both knew: it stays too.
    const before = cardOf([x], { 1: { svcTherapist: 3, svcDate: '2027-01-11' } });
    expect(mergeCard(before, ours, sameDay).svcAreas[0]!.svcDate).toBe('2027-01-11 10:30');
    expect(keepChosenTimes(ours, sameDay).svcAreas[0]!.svcDate).toBe('2027-01-11 10:30');
    expect(keepChosenTimes(before, sameDay)).toBe(sameDay);
  });

  it('takes a package the other tab put on a line, and the header fields it changed', () => {
    const x = line(1);
    const pkg = randomUUID();
    const base = cardOf([x]);
    const theirs = cardOf([{ ...x, pkgId: pkg, isPackage: true }]);
    theirs.header.location = '2';
    const merged = mergeCard(base, base, theirs);
    expect(merged.svcAreas[0]!.svcTypes[0]!.svcArray[0]).toMatchObject({ id: x.id, pkgId: pkg, isPackage: true });
    expect(merged.header.location).toBe('2');
  });

  it('a gender change in one tab empties the card of the other gender\'s services', () => {
    const [x, y] = [line(1, 0), line(1, 1)];
    const base = cardOf([x]);
    const theirs = cardOf([y], {}, '1');
    const ours = cardOf([x, line(2, 0)]);
    expect(cardServiceIds(mergeCard(base, ours, theirs))).toEqual([y.id]);
  });

  it('with no change in this tab, gives the other tab\'s card', () => {
    const base = cardOf([line(1)]);
    const theirs = cardOf([line(2), line(1)], { 1: { svcDate: '2027-02-01' } });
    expect(mergeCard(base, base, theirs)).toEqual({ ...theirs, svcAreas: expect.arrayContaining(theirs.svcAreas) });
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
