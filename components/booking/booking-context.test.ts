import { allServiceItems } from '@/lib/catalog/catalog';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from '@/lib/catalog/snapshot';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { bookedService, bookingCard } from '@/lib/booking/test-support/booking-card';
import { summarise, therapistTable } from './booking-context';

const wax = allServiceItems().filter((item) => item.svcType === 1 && item.gen === 0);
const brazilian = wax.find((item) => item.moniker === 'womens-brazilian-wax')!;
const other = wax.find((item) => item.id !== brazilian.id)!;

const cardWith = (id: string): BookingCard => bookingCard([{ area: 1, services: [bookedService(id, 1, { minutes: 30 })] }]);

afterEach(resetCatalogSnapshot);

describe("the booking page's therapists of an area", () => {
  it('are those who do every service of the card there, not every therapist of the area', () => {
    const seed = seedSnapshot();
    // Maria Lopez (1) does only the Brazilian wax at SoHo.
    setCatalogSnapshot({ ...seed, version: 1, therapistServices: seed.therapistServices.filter((row) => !(row.therapistId === 1 && row.location === 1 && row.serviceId !== brazilian.id)) });
    const ids = (card: BookingCard) => therapistTable(card)['1']![1]!.map((t) => t.id);
    expect(ids(cardWith(brazilian.id))).toEqual([0, 1, 2]);
    expect(ids(cardWith(other.id))).toEqual([0, 2]);
    // An area the card has not (the desk adds on the page) lists the area's therapists.
    expect(therapistTable(emptyBookingCard(), { allAreas: true })['1']![1]!.map((t) => t.id)).toEqual([0, 1, 2]);
  });

  it("are nobody named where a service of the area is not bookable online, though its therapists do it there; the desk's are", () => {
    const seed = seedSnapshot();
    // The owner made the Brazilian wax bookable online at Midtown only, and the other wax nowhere.
    setCatalogSnapshot({ ...seed, version: 4, bookableAt: new Map([...seed.bookableAt, [brazilian.id, [2]], [other.id, []]]) });
    const named = (card: BookingCard, location: string, channel?: 'desk') =>
      therapistTable(card, { channel })[location]![1]!.filter((t) => t.id !== 0).map((t) => t.id);
    expect(named(cardWith(brazilian.id), '1')).toEqual([]);
    expect(named(cardWith(brazilian.id), '2').length).toBeGreaterThan(0);
    expect(named(cardWith(other.id), '1')).toEqual([]);
    expect(therapistTable(cardWith(other.id))['1']![1]!.map((t) => t.id)).toEqual([0]);
    // Both in one area: the area is not bookable where one of them is not.
    const both = bookingCard([{ area: 1, services: [bookedService(brazilian.id, 1, { minutes: 30 }), bookedService(other.id, 1, { minutes: 30 })] }]);
    expect(named(both, '2')).toEqual([]);
    // The desk books where a therapist does it, online or not.
    expect(named(cardWith(brazilian.id), '1', 'desk')).toEqual([1, 2]);
  });
});

describe("a service's deposit on the booking page", () => {
  it("is the catalogue's rule at the service's price, and follows the owner's change", () => {
    const byMoniker = (moniker: string) => allServiceItems().find((item) => item.moniker === moniker)!;
    expect(summarise(byMoniker('womens-microblading-pmu')).depositCents).toBe(10000);
    // 25% of $85, rounded up to the dollar.
    expect(summarise(byMoniker('womens-brow-lamination-brows')).depositCents).toBe(2200);
    expect(summarise(brazilian).depositCents).toBe(0);
    const seed = seedSnapshot();
    setCatalogSnapshot({ ...seed, version: 2, deposits: new Map([[brazilian.id, { kind: 'fixed', cents: 2000 }]]) });
    expect(summarise(brazilian).depositCents).toBe(2000);
  });
});

describe("a service's online locations on the booking page", () => {
  it("are the owner's 'Bookable online at' (isBookableAt), never Williamsburg's, and none for a service bookable nowhere", () => {
    expect(summarise(brazilian).onlineAt).toEqual([1, 2, 4]);
    const seed = seedSnapshot();
    setCatalogSnapshot({ ...seed, version: 3, bookableAt: new Map([...seed.bookableAt, [brazilian.id, [1]], [other.id, []]]) });
    expect(summarise(brazilian).onlineAt).toEqual([1]);
    expect(summarise(other).onlineAt).toEqual([]);
  });
});
