import { allServiceItems } from './catalog';
import { OFTEN_BOOKED_SHOWN, oftenBookedWith, type CoBookings } from './often-booked';
import { tabIdForFlag, type ServiceTypeFlag } from './tables';

const services = allServiceItems();
const byMoniker = (moniker: string) => services.find((item) => item.moniker === moniker)!;
const tabOf = (item: (typeof services)[number]) => tabIdForFlag(item.svcType as ServiceTypeFlag);
const everywhere = () => true;

const brazilian = byMoniker('womens-brazilian-wax');
const womensWax = services.filter((item) => item.gen === 0 && tabOf(item) === tabOf(brazilian));
const otherWomens = services.filter((item) => item.gen === 0 && tabOf(item) !== tabOf(brazilian));
const mens = services.filter((item) => item.gen === 1);

describe('oftenBookedWith', () => {
  it('puts the services booked with it most often first, from any menu of its gender', () => {
    const [facial, massage] = otherWomens;
    const underarm = womensWax.find((item) => item.id !== brazilian.id)!;
    const coBookings: CoBookings = {
      [brazilian.id]: [
        [underarm.id, 9],
        [facial!.id, 5],
        [massage!.id, 2],
      ],
    };
    const shown = oftenBookedWith(brazilian, { coBookings, services, offered: everywhere });
    expect(shown.slice(0, 3).map((item) => item.id)).toEqual([underarm.id, facial!.id, massage!.id]);
    expect(shown).toHaveLength(OFTEN_BOOKED_SHOWN);
  });

  it('fills a thin history with the same menu of its gender, in the menu’s order, without repeating one', () => {
    const [facial] = otherWomens;
    const shown = oftenBookedWith(brazilian, { coBookings: { [brazilian.id]: [[facial!.id, 1]] }, services, offered: everywhere });
    const rest = womensWax.filter((item) => item.id !== brazilian.id).slice(0, OFTEN_BOOKED_SHOWN - 1);
    expect(shown.map((item) => item.id)).toEqual([facial!.id, ...rest.map((item) => item.id)]);
  });

  it('with no history at all, shows the first of the same menu', () => {
    const shown = oftenBookedWith(brazilian, { coBookings: {}, services, offered: everywhere });
    expect(shown.map((item) => item.id)).toEqual(womensWax.filter((item) => item.id !== brazilian.id).slice(0, OFTEN_BOOKED_SHOWN).map((item) => item.id));
  });

  it('never shows the service itself, one of the other gender, a retired one, or one the location does not offer', () => {
    const notHere = womensWax.find((item) => item.id !== brazilian.id)!;
    const coBookings: CoBookings = {
      [brazilian.id]: [
        [brazilian.id, 50],
        [mens[0]!.id, 40],
        ['00000000-0000-4000-8000-000000000000', 30],
        [notHere.id, 20],
      ],
    };
    const shown = oftenBookedWith(brazilian, { coBookings, services, offered: (item) => item.id !== notHere.id });
    expect(shown).toHaveLength(OFTEN_BOOKED_SHOWN);
    expect(shown.every((item) => item.gen === 0 && item.id !== brazilian.id && item.id !== notHere.id)).toBe(true);
  });

  it('shows none where the location offers nothing else', () => {
    expect(oftenBookedWith(brazilian, { coBookings: {}, services, offered: () => false })).toEqual([]);
  });
});
