import { allServiceItems, isBookableAt, therapistsDoing } from '@/lib/catalog/catalog';
import { emptyCard } from '@/lib/persistence/model';
import { cardForSession, cardToBookAgain, sessionLocation } from './book-again';

const items = allServiceItems();
const [waxA, waxB] = items.filter((i) => i.gen === 0 && i.areaId === 1 && isBookableAt(i.id, 2));
const notAtMidtown = items.find((i) => i.gen === 0 && i.areaId !== 1 && isBookableAt(i.id, 1) && !isBookableAt(i.id, 2))!;
const mens = items.find((i) => i.gen === 1 && isBookableAt(i.id, 1))!;
const [stillThere] = therapistsDoing(2, [waxA!.id, waxB!.id]);

describe('cardToBookAgain', () => {
  it('fills the cart with the visit’s services at its location, the therapist kept when she still does them there', () => {
    const card = cardToBookAgain(emptyCard(), {
      location: 2,
      gender: 0,
      appointments: [{ areaId: 1, therapistId: stillThere!, lines: [{ id: waxA!.id }, { id: waxB!.id }] }],
    })!;
    expect(card.header).toMatchObject({ location: '2', gender: '0', aptId: '', status: '1' });
    expect(card.svcAreas).toHaveLength(1);
    expect(card.svcAreas[0]).toMatchObject({ areaId: 1, svcTherapist: stillThere, svcDate: '' });
    expect(card.svcAreas[0]!.svcTypes.flatMap((t) => t.svcArray.map((l) => l.id))).toEqual([waxA!.id, waxB!.id]);
    expect(card.svcAreas[0]!.svcTypes[0]!.svcArray[0]).toMatchObject({ svcId: waxA!.value, serviceTypeId: waxA!.svcType, gen: 0, pkgId: null });
  });

  it('leaves the therapist to anyone when she no longer does the services there', () => {
    const gone = 99_999;
    const card = cardToBookAgain(emptyCard(), { location: 2, gender: 0, appointments: [{ areaId: 1, therapistId: gone, lines: [{ id: waxA!.id }] }] })!;
    expect(card.svcAreas[0]!.svcTherapist).toBe(0);
  });

  it('drops services the location no longer books online, and gives nothing when none is left', () => {
    const card = cardToBookAgain(emptyCard(), {
      location: 2,
      gender: 0,
      appointments: [
        { areaId: 1, therapistId: 0, lines: [{ id: waxA!.id }] },
        { areaId: notAtMidtown.areaId, therapistId: 0, lines: [{ id: notAtMidtown.id }] },
      ],
    })!;
    expect(card.svcAreas.map((a) => a.areaId)).toEqual([1]);
    expect(cardToBookAgain(emptyCard(), { location: 2, gender: 0, appointments: [{ areaId: notAtMidtown.areaId, therapistId: 0, lines: [{ id: notAtMidtown.id }] }] })).toBeUndefined();
    expect(cardToBookAgain(emptyCard(), { location: 1, gender: 0, appointments: [{ areaId: 1, therapistId: 0, lines: [{ id: 'not-a-service' }] }] })).toBeUndefined();
  });

  it('replaces the cart’s services and an appointment being changed, keeping its customer and packages of that gender', () => {
    const current = emptyCard({ customerId: 'c0ffee00-0000-4000-8000-000000000001', aptId: 'c0ffee00-0000-4000-8000-000000000002', gender: '1' });
    current.pkgAvailable = [{ pkgId: 'c0ffee00-0000-4000-8000-000000000003', isPkgUsed: false }];
    const women = cardToBookAgain(current, { location: 1, gender: 0, appointments: [{ areaId: 1, therapistId: 0, lines: [{ id: waxA!.id }] }] })!;
    expect(women.header).toMatchObject({ customerId: current.header.customerId, aptId: '', gender: '0' });
    expect(women.pkgAvailable).toEqual([]);
    const men = cardToBookAgain(current, { location: 1, gender: 1, appointments: [{ areaId: mens.areaId, therapistId: 0, lines: [{ id: mens.id }] }] })!;
    expect(men.pkgAvailable).toEqual(current.pkgAvailable);
  });
});

describe('cardForSession', () => {
  it('puts the package’s service in the cart at the preferred location that books it', () => {
    const card = cardForSession(emptyCard(), waxA!.id, [2])!;
    expect(card.header.location).toBe('2');
    expect(card.svcAreas[0]!.svcTypes[0]!.svcArray.map((l) => l.id)).toEqual([waxA!.id]);
  });

  it('skips a preferred location that does not book the service online, and refuses an unknown service', () => {
    expect(sessionLocation(notAtMidtown.id, [2, 3])).toBe(1);
    expect(cardForSession(emptyCard(), 'not-a-service', [1])).toBeUndefined();
  });
});
