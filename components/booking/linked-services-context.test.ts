import { allServiceItems, isOfferedAt } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import { emptyBookingCard } from '@/lib/booking/card';
import { editCard } from '@/stores/card-edits';
import { createCardStore } from '@/stores/card-store';
import { linkedServicesContext } from './booking-context';

const womenWax = allServiceItems().filter((item) => item.svcType === 1 && item.gen === 0);
const menHairRemoval = allServiceItems().find((item) => item.areaId === womenWax[0]!.areaId && item.gen === 1)!;
const notOffering = LOCATIONS.find((location) => !isOfferedAt(location.id, 1))!;

describe('linkedServicesContext', () => {
  it('offers the named services the card lacks, with their summaries, at the named location', () => {
    const [a, b] = womenWax as [(typeof womenWax)[number], (typeof womenWax)[number]];
    const found = linkedServicesContext({ ids: [a.id, b.id], location: 2 }, emptyBookingCard());
    expect(found?.linked).toEqual({ ids: [a.id, b.id], location: 2 });
    expect(found?.services[a.id]).toMatchObject({ name: a.name, areaId: a.areaId, price: a.price });
  });

  it('names nothing when the card has them all, or the link is not one booking', () => {
    const [a] = womenWax as [(typeof womenWax)[number]];
    const store = createCardStore();
    editCard(store).addService({ id: a.id, areaId: a.areaId, svcTypeId: a.svcType, gen: 0 }, { location: 1 });
    expect(linkedServicesContext({ ids: [a.id], location: 1 }, store.getState().card)).toBeUndefined();
    expect(linkedServicesContext({ ids: [a.id] }, emptyBookingCard())).toBeUndefined();
    expect(linkedServicesContext({ ids: [a.id, menHairRemoval.id], location: 1 }, emptyBookingCard())).toBeUndefined();
    expect(linkedServicesContext({ ids: ['00000000-0000-4000-8000-000000000000'], location: 1 }, emptyBookingCard())).toBeUndefined();
    expect(linkedServicesContext({ ids: [a.id], location: notOffering.id }, emptyBookingCard())).toBeUndefined();
  });
});
