import { SIGNED_OUT, emptyCard, type AppointmentCard, type ServiceLine } from './model';
import { EMPTY_SUMMARY, summarizeSavedState } from './summary';

function line(id: string, areaId: number): ServiceLine {
  return { pkgId: null, packageType: 0, qtyFulfilled: 0, qtyCombined: 0, svcId: 'WWHR001', duration: 30, isPackage: false, isOrdered: false, serviceTypeId: 1, gen: 0, id, areaId };
}

function cardWith(lines: [id: string, areaId: number][]): AppointmentCard {
  const card = emptyCard({ location: '1', gender: '0' });
  for (const [id, areaId] of lines) {
    let area = card.svcAreas.find((a) => a.areaId === areaId);
    if (!area) {
      area = { areaId, svcTherapist: 0, svcDate: '', svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [] }] };
      card.svcAreas.push(area);
    }
    area.svcTypes[0]!.svcArray.push(line(id, areaId));
  }
  return card;
}

const noShop = { header: { customerId: '', checkoutId: '' }, pvItems: [] };

describe('summarizeSavedState', () => {
  it('is empty for a visitor with nothing saved', () => {
    expect(summarizeSavedState({ card: emptyCard(), favorites: [], shop: noShop, auth: SIGNED_OUT })).toEqual(EMPTY_SUMMARY);
  });

  it('counts booked services over every area and lists their ids, with favourites, shop items and the profile', () => {
    const summary = summarizeSavedState({
      card: cardWith([
        ['a', 1],
        ['b', 1],
        ['c', 3],
      ]),
      favorites: ['f1', 'f2'],
      shop: { header: { customerId: '', checkoutId: '' }, pvItems: ['p1'] },
      auth: { name: 'Ada', email: 'ada@example.com', customerId: '7', isAuth: true },
    });
    expect(summary).toEqual({ bookingCount: 3, shopCount: 1, favoritesCount: 2, isAuth: true, name: 'Ada', gender: '0', bookedIds: ['a', 'b', 'c'], favoriteIds: ['f1', 'f2'] });
  });

  it("carries the card's gender", () => {
    expect(summarizeSavedState({ card: emptyCard({ gender: '1' }), favorites: [], shop: noShop, auth: SIGNED_OUT }).gender).toBe('1');
  });

  it('greets by email when the profile has no name', () => {
    const summary = summarizeSavedState({ card: emptyCard(), favorites: [], shop: noShop, auth: { name: '', email: 'ada@example.com', customerId: '7', isAuth: true } });
    expect(summary.name).toBe('ada@example.com');
  });
});
