import { emptyCard, type AppointmentCard } from '@/lib/persistence/model';
import { areaOf, areaServiceIds, bookingCardOf } from './card-view';
import { createCardStore } from './card-store';
import { editCard } from './card-edits';

const LEGS = { id: 'a1', areaId: 5, svcTypeId: 1, gen: 0 as const };
const ARMS = { id: 'a2', areaId: 5, svcTypeId: 2, gen: 0 as const };

describe("the card's named reading", () => {
  it('names what the wire card says: a location never 0, the areas with their services and day', () => {
    const wire: AppointmentCard = {
      ...emptyCard({ location: '0', gender: '1' }),
      svcAreas: [{ areaId: 5, svcTherapist: 3, svcDate: '2026-12-01', svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [] }] }],
    };
    const card = bookingCardOf(wire);
    expect(card.location).toBe(1);
    expect(card.gender).toBe('men');
    expect(areaOf(card, 5)).toMatchObject({ therapist: 3, when: { kind: 'day', date: '2026-12-01' } });
    expect(areaOf(card, 6)).toBeUndefined();
  });

  it('reads each card the store holds once, and the card after an edit afresh', () => {
    const store = createCardStore();
    editCard(store).addService(LEGS);
    const first = bookingCardOf(store.getState().card);
    expect(bookingCardOf(store.getState().card)).toBe(first);
    editCard(store).addService(ARMS);
    const second = bookingCardOf(store.getState().card);
    expect(second).not.toBe(first);
    expect(areaServiceIds(second.areas[0]!)).toEqual(['a1', 'a2']);
  });
});
