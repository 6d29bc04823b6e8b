import * as fc from 'fast-check';
import { appointmentCardSchema } from './card-schema';
import { bookingCardFromCookie, bookingCardToCookie, cardFromCookie, cardToCookie, emptyCard } from '@/lib/persistence/card';
import { areaOf, cardFromWire, cardToWire, MERGE_TYPE_OF, whenFromWire, whenToWire, type BookingArea, type BookingCard, type LocalTime } from './card';
import type { DateInLocationTz, SlotStartIso } from './calendar';

const guid = fc.uuid({ version: 4 });
const day = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10) as DateInLocationTz);
const time = fc.tuple(fc.integer({ min: 8, max: 20 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` as LocalTime);

const when = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  day.map((date) => ({ kind: 'day' as const, date })),
  fc.tuple(day, time).map(([date, t]) => ({ kind: 'time' as const, date, time: t })),
  day.map((date) => ({ kind: 'instant' as const, at: `${date}T15:00:00.000Z` as SlotStartIso })),
);

const service = fc.record({
  id: guid,
  serviceType: fc.constantFrom(1, 2, 4, 64),
  sku: fc.constantFrom('', 'WWHR001'),
  minutes: fc.constantFrom(0, 15, 45),
  package: fc.option(fc.record({ packageId: guid, packageType: fc.constantFrom(0, 3), sessionsFulfilled: fc.integer({ min: 0, max: 9 }), sessionsCombined: fc.integer({ min: 0, max: 9 }) }), { nil: null }),
  ordered: fc.boolean(),
});

// An area's services grouped by type, as the specification's svcTypes keep them (cardToWire groups them so).
const area = (id: number): fc.Arbitrary<BookingArea> =>
  fc.record({ therapist: fc.integer({ min: 0, max: 30 }), when, note: fc.constantFrom('', 'a note'), services: fc.uniqueArray(service, { minLength: 1, maxLength: 4, selector: (s) => s.id }) }).map((a) => ({
    ...a,
    area: id,
    services: [...a.services].sort((x, y) => a.services.findIndex((s) => s.serviceType === x.serviceType) - a.services.findIndex((s) => s.serviceType === y.serviceType)),
  }));

const areas: fc.Arbitrary<BookingArea[]> = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }).chain((ids) => fc.tuple(...ids.map(area)).map((list): BookingArea[] => [...list]));

const domainCard: fc.Arbitrary<BookingCard> = fc.record({
  customerId: fc.oneof(fc.constant(''), guid),
  appointmentId: fc.oneof(fc.constant(''), guid),
  location: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
  gender: fc.constantFrom('women' as const, 'men' as const),
  status: fc.constantFrom('booked' as const, 'cancelled' as const),
  customerType: fc.integer({ min: 0, max: 99 }),
  source: fc.constantFrom('8', '12'),
  url: fc.constantFrom('', '/booking/'),
  areas,
  packageAreas: fc.constant<BookingArea[]>([]),
  packages: fc.array(fc.record({ packageId: guid, used: fc.boolean() }), { maxLength: 5 }),
});

describe('the booking card and the specification\'s shape', () => {
  it('comes back unchanged from the specification\'s shape', () => {
    fc.assert(fc.property(domainCard, (card) => expect(cardFromWire(cardToWire(card))).toEqual(card)), { numRuns: 200 });
  });

  it('is a card the API accepts once every area has a time, and reads back from the API\'s parse unchanged', () => {
    fc.assert(
      fc.property(domainCard, (card) => {
        const timed: BookingCard = {
          ...card,
          areas: card.areas.map((a) => ({ ...a, when: a.when.kind === 'none' || a.when.kind === 'day' ? { kind: 'time', date: '2027-01-11' as DateInLocationTz, time: '10:00' as LocalTime } : a.when })),
        };
        const parsed = appointmentCardSchema.safeParse(cardToWire(timed));
        expect(parsed.error?.issues ?? []).toEqual([]);
        expect(cardFromWire(parsed.data!)).toEqual(timed);
      }),
      { numRuns: 100 },
    );
  });

  it('goes through the card cookie with what the cookie keeps: the format of saved cookies is the same', () => {
    fc.assert(
      fc.property(domainCard, (card) => {
        // The cookie keeps days (the store's dates), ids, therapists and packages; notes, SKUs and minutes stay behind.
        const dayOnly: BookingCard = {
          ...card,
          url: '',
          areas: card.areas.map((a) => ({
            ...a,
            note: '',
            when: a.when.kind === 'none' ? a.when : { kind: 'day', date: (a.when.kind === 'instant' ? a.when.at.slice(0, 10) : a.when.date) as DateInLocationTz },
            services: a.services.map((s) => ({ ...s, sku: '', minutes: 0, ordered: false, package: s.package ? { ...s.package, packageType: 0, sessionsCombined: 0 } : null })),
          })),
        };
        const back = cardFromCookie(cardToCookie(cardToWire(dayOnly)));
        expect(back).toBeDefined();
        expect(cardFromWire(back!)).toEqual(dayOnly);
        // The store's door: the domain card straight to the cookie and back. A chosen time is the tab's: the cookie
        // written from a card holding one is the cookie of its day.
        expect(bookingCardFromCookie(bookingCardToCookie(dayOnly))).toEqual(dayOnly);
        if (!card.areas.some((a) => a.when.kind === 'instant')) expect(bookingCardToCookie(card)).toBe(bookingCardToCookie(dayOnly));
      }),
      { numRuns: 100 },
    );
  });

  it('reads a cookie saved before the domain card as it always read', () => {
    const saved = emptyCard({ location: '0', gender: '1' });
    saved.svcAreas = [
      {
        areaId: 2,
        svcTherapist: 7,
        svcDate: '2027-03-01',
        svcNote: '',
        svcTypes: [{ svcTypeId: 4, svcArray: [{ pkgId: null, packageType: 0, qtyFulfilled: 0, qtyCombined: 0, svcId: '', duration: 0, isPackage: false, isOrdered: false, serviceTypeId: 4, gen: 1, id: '0f8fad5b-d9cb-469f-a165-70867728950e', areaId: 2 }] }],
      },
    ];
    const cookie = cardToCookie(saved);
    const card = bookingCardFromCookie(cookie)!;
    expect(card).toEqual(cardFromWire(cardFromCookie(cookie)!));
    expect(card).toMatchObject({ location: 1, gender: 'men', status: 'booked', areas: [{ area: 2, therapist: 7, when: { kind: 'day', date: '2027-03-01' }, services: [{ id: '0f8fad5b-d9cb-469f-a165-70867728950e', serviceType: 4 }] }] });
    // Written back, the cookie differs only by the location it now names.
    expect(areaOf(card, 2)).toBe(card.areas[0]);
    expect(areaOf(card, 3)).toBeUndefined();
    expect(cardFromCookie(bookingCardToCookie(card))).toEqual({ ...cardFromCookie(cookie)!, header: { ...cardFromCookie(cookie)!.header, location: '1' } });
  });

  it('never holds location 0: the specification\'s unset location reads as SoHo', () => {
    expect(cardFromWire(emptyCard({ location: '0' })).location).toBe(1);
    expect(cardFromWire(emptyCard({ location: '3' })).location).toBe(3);
    expect(cardToWire(cardFromWire(emptyCard({ location: '0' }))).header.location).toBe('1');
  });

  it('names the status, the gender and the merge types the specification gives as codes', () => {
    expect(cardFromWire(emptyCard({ status: '2', gender: '1' }))).toMatchObject({ status: 'cancelled', gender: 'men' });
    expect(cardToWire({ ...cardFromWire(emptyCard()), status: 'cancelled' }).header.status).toBe('2');
    expect(MERGE_TYPE_OF).toEqual({ packages: 1, customer: 2, replace: 3 });
  });

  it.each([
    ['', { kind: 'none' }],
    ['2027-01-11', { kind: 'day', date: '2027-01-11' }],
    ['2027-01-11 09:45', { kind: 'time', date: '2027-01-11', time: '09:45' }],
    ['2027-01-11T14:45:00.000Z', { kind: 'instant', at: '2027-01-11T14:45:00.000Z' }],
  ])('reads the svcDate %p as a named time and writes it back', (svcDate, expected) => {
    expect(whenFromWire(svcDate)).toEqual(expected);
    expect(whenToWire(whenFromWire(svcDate))).toBe(svcDate);
  });
});
