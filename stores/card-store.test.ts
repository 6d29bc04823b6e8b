import type { StoreApi } from 'zustand/vanilla';
import { randomUUID } from 'node:crypto';
import { CARD_MAX_SERVICES } from '@/lib/persistence/card';
import { cardServiceCount, cardServiceIds, cardToWire, emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { bookingCard } from '@/lib/booking/test-support/booking-card';
import { normaliseDate } from '@/lib/validation';
import { fetchLiveCatalog, forgetLiveCatalog } from '@/lib/catalog/live-feed';
import { liveCatalogOf } from '@/lib/catalog/live-overlay';
import { seedSnapshot } from '@/lib/catalog/snapshot';
import { cardDate, editCard, emptiedByGender, locationsTaking, moveCardToLocation, withDate, withTherapist, type Offers } from './card-edits';
import { cardRequests } from './card-requests';
import { createCardStore, type CardStore, type ServiceRef } from './card-store';

// The therapist and day as the booking page's reducer sets them (stores/card-edits.ts, withTherapist and withDate).
const setTherapist = (api: StoreApi<CardStore>, areaId: number, therapist: number) => api.setState({ card: withTherapist(api.getState().card, areaId, therapist) });
const setDate = (api: StoreApi<CardStore>, areaId: number, date: string) => api.setState({ card: withDate(api.getState().card, areaId, date) });

const wax = (id = randomUUID()): ServiceRef => ({ id, areaId: 1, svcTypeId: 1, gen: 0, svcId: 'WWHR001', duration: 30 });
const laser = (id = randomUUID()): ServiceRef => ({ id, areaId: 1, svcTypeId: 4, gen: 0, svcId: 'WLHR001', duration: 45 });
const brows = (id = randomUUID()): ServiceRef => ({ id, areaId: 2, svcTypeId: 64, gen: 0, svcId: 'WBHR001', duration: 15 });
const lashes = (id = randomUUID()): ServiceRef => ({ id, areaId: 2, svcTypeId: 32, gen: 0 });
const facial = (id = randomUUID()): ServiceRef => ({ id, areaId: 3, svcTypeId: 16384, gen: 0 });
const menWax = (id = randomUUID()): ServiceRef => ({ id, areaId: 1, svcTypeId: 2, gen: 1 });

let store = createCardStore();
beforeEach(() => {
  store = createCardStore();
});
const card = () => store.getState().card;
const area = (areaId: number) => card().areas.find((a) => a.area === areaId);
const serviceIdsOf = (areaId: number) => area(areaId)!.services.map((s) => s.id);

describe('adding a service', () => {
  it('files it under its area and service type and sets the card location and gender', () => {
    const a = wax();
    const b = laser();
    const c = brows();
    expect(editCard(store).addService(a, { location: 2 })).toBe('added');
    editCard(store).addService(b, { location: 2 });
    editCard(store).addService(c, { location: 2 });
    expect(card()).toMatchObject({ location: 2, gender: 'women' });
    expect(card().areas.map((x) => x.area)).toEqual([1, 2]);
    expect(area(1)!.services.map((s) => [s.serviceType, s.id])).toEqual([
      [1, a.id],
      [4, b.id],
    ]);
    expect(area(2)!.services[0]).toEqual({ id: c.id, sku: 'WBHR001', minutes: 15, serviceType: 64, package: null, ordered: false });
  });

  it("keeps an area's services grouped by type, in the order each type came (the specification's grouping)", () => {
    const [a, b, c] = [wax(), laser(), wax()];
    [a, b, c].forEach((s) => editCard(store).addService(s));
    expect(serviceIdsOf(1)).toEqual([a.id, c.id, b.id]);
    expect(cardToWire(card()).svcAreas[0]!.svcTypes.map((t) => [t.svcTypeId, t.svcArray.map((l) => l.id)])).toEqual([
      [1, [a.id, c.id]],
      [4, [b.id]],
    ]);
  });

  it('ignores a duplicate', () => {
    const a = wax();
    editCard(store).addService(a);
    const before = card();
    expect(editCard(store).addService({ ...a, id: a.id.toUpperCase() })).toBe('duplicate');
    expect(card()).toBe(before);
  });

  it('lets a package item replace the existing entry', () => {
    const a = wax();
    const pkgId = randomUUID();
    editCard(store).addService(a);
    expect(editCard(store).addService(a, { pkg: { pkgId, packageType: 3, qtyCombined: 6, qtyFulfilled: 2 } })).toBe('replaced');
    expect(cardServiceCount(card())).toBe(1);
    expect(area(1)!.services[0]).toMatchObject({ id: a.id, package: { packageId: pkgId, packageType: 3, sessionsCombined: 6, sessionsFulfilled: 2 } });
  });

  it('resets the date of the area it is added to, and only that one', () => {
    editCard(store).addService(wax());
    editCard(store).addService(brows());
    setDate(store, 1, '2026-12-01');
    setDate(store, 2, '2026-12-02');
    editCard(store).addService(laser());
    expect(area(1)!.when).toEqual({ kind: 'none' });
    expect(area(2)!.when).toEqual({ kind: 'day', date: '2026-12-02' });
  });

  it(`refuses more than ${CARD_MAX_SERVICES} services`, () => {
    for (let i = 0; i < CARD_MAX_SERVICES; i += 1) expect(editCard(store).addService(wax())).toBe('added');
    expect(editCard(store).addService(wax())).toBe('full');
    expect(cardServiceCount(card())).toBe(CARD_MAX_SERVICES);
  });

  it('switches the card to the other gender, emptied, when a service of that gender is added', () => {
    editCard(store).addService(wax(), { location: 4 });
    const m = menWax();
    editCard(store).addService(m);
    expect(card()).toMatchObject({ gender: 'men', location: 4 });
    expect(cardServiceIds(card())).toEqual([m.id]);
  });

  it('tells beforehand whether a service of a gender would empty the card (only a card holding the other gender)', () => {
    expect(emptiedByGender(card(), 1)).toBe(false);
    editCard(store).addService(wax());
    expect(emptiedByGender(card(), 0)).toBe(false);
    expect(emptiedByGender(card(), 1)).toBe(true);
    editCard(store).removeService(cardServiceIds(card())[0]!);
    // An empty card of the other gender loses nothing.
    expect(emptiedByGender(card(), 1)).toBe(false);
  });
});

describe('removing a service', () => {
  it('removes the service, and the area with its last service', () => {
    const a = wax();
    const b = wax();
    const c = laser();
    const d = brows();
    [a, b, c, d].forEach((s) => editCard(store).addService(s));
    editCard(store).removeService(a.id);
    expect(area(1)!.services.map((s) => s.serviceType)).toEqual([1, 4]);
    editCard(store).removeService(b.id);
    expect(area(1)!.services.map((s) => s.serviceType)).toEqual([4]);
    editCard(store).removeService(c.id.toUpperCase());
    expect(area(1)).toBeUndefined();
    expect(cardServiceIds(card())).toEqual([d.id]);
  });
});

describe('changing gender', () => {
  it('clears all areas and packages and keeps only the location', () => {
    store = createCardStore(emptyBookingCard({ customerId: randomUUID(), location: 4 }));
    editCard(store).addService(wax());
    editCard(store).loadCustomerCard({ ...emptyBookingCard(), packages: [{ packageId: randomUUID(), used: false }] }, 'packages');
    editCard(store).changeGender(1);
    expect(card()).toEqual(emptyBookingCard({ location: 4, gender: 'men' }));
  });
});

describe('reconciling the location', () => {
  it('keeps only the services the new location offers, and adds an optional new one', () => {
    const keep = wax();
    const gone = lashes();
    const added = brows();
    editCard(store).addService(keep, { location: 1 });
    editCard(store).addService(gone, { location: 1 });
    editCard(store).addService(facial(), { location: 1 });
    editCard(store).reconcileLocation(4, added);
    expect(card().location).toBe(4);
    expect(cardServiceIds(card())).toEqual([keep.id, added.id]);
    expect(card().areas.map((a) => a.area)).toEqual([1, 2]);
  });

  it('does not add a service the new location does not offer', () => {
    editCard(store).reconcileLocation(2, lashes());
    expect(cardServiceCount(card())).toBe(0);
    expect(card().location).toBe(2);
  });

  it('starts therapist and date over in kept areas when the location changes', () => {
    editCard(store).addService(wax(), { location: 1 });
    setTherapist(store, 1, 7);
    setDate(store, 1, '2026-12-01');
    editCard(store).reconcileLocation(1);
    expect(area(1)).toMatchObject({ therapist: 7, when: { kind: 'day', date: '2026-12-01' } });
    editCard(store).reconcileLocation(2);
    expect(area(1)).toMatchObject({ therapist: 0, when: { kind: 'none' } });
  });

  it('empties the card at a location with nothing online', () => {
    editCard(store).addService(wax(), { location: 1 });
    editCard(store).reconcileLocation(3);
    expect(card().areas).toEqual([]);
  });
});

describe('the locations a card can be booked at', () => {
  it('are those that take some service of it online, never Williamsburg, which books nothing online', () => {
    expect(locationsTaking(card())).toEqual([1, 2, 4]);
    editCard(store).addService(facial(), { location: 1 });
    expect(locationsTaking(card())).toEqual([1]);
    editCard(store).addService(wax(), { location: 1 });
    // Nolita and Midtown take the wax: a move there keeps it and takes out the facial.
    expect(locationsTaking(card())).toEqual([1, 2, 4]);
  });

  it("follow the offers they are given (the booking page's per service, the desk's), and may be none", () => {
    editCard(store).addService(wax(), { location: 1 });
    const onlyAt =
      (...locations: number[]): Offers =>
      (location) =>
        locations.includes(location);
    expect(locationsTaking(card(), onlyAt(3))).toEqual([3]);
    expect(locationsTaking(card(), onlyAt())).toEqual([]);
    expect(locationsTaking(emptyBookingCard(), onlyAt(), () => true)).toEqual([1, 2, 3, 4]);
  });
});

describe('moving the card to a location chosen for booking', () => {
  it('returns the services the location does not offer, and the card without them at the new location', () => {
    const keep = wax();
    const gone = lashes();
    const alsoGone = facial();
    editCard(store).addService(keep, { location: 1 });
    editCard(store).addService(gone, { location: 1 });
    editCard(store).addService(alsoGone, { location: 1 });
    const before = card();
    const move = moveCardToLocation(before, 4);
    expect(move.removed.map((service) => service.id)).toEqual([gone.id, alsoGone.id]);
    expect(move.card.location).toBe(4);
    expect(cardServiceIds(move.card)).toEqual([keep.id]);
    // Pure: the card it was given is untouched, so it can be put back.
    expect(card()).toBe(before);
    expect(cardServiceIds(before)).toEqual([keep.id, gone.id, alsoGone.id]);
  });

  it('keeps therapist and date at the same location and starts them over at another', () => {
    editCard(store).addService(wax(), { location: 1 });
    setTherapist(store, 1, 7);
    setDate(store, 1, '2026-12-01');
    expect(moveCardToLocation(card(), 1).card.areas[0]).toMatchObject({ therapist: 7, when: { kind: 'day', date: '2026-12-01' } });
    expect(moveCardToLocation(card(), 2).card.areas[0]).toMatchObject({ therapist: 0, when: { kind: 'none' } });
  });

  it('follows what the site publishes once fetched: a location that now books lashes keeps them, one that stopped waxing drops it', async () => {
    const realFetch = globalThis.fetch;
    const published = { ...liveCatalogOf(seedSnapshot()), version: 4, offered: { 1: [1, 32], 4: [32] } };
    globalThis.fetch = (async () => ({ ok: true, status: 200, json: async () => published })) as unknown as typeof fetch;
    try {
      await fetchLiveCatalog();
      const keptWax = wax();
      const keptLashes = lashes();
      editCard(store).addService(keptWax, { location: 1 });
      editCard(store).addService(keptLashes, { location: 1 });
      const move = moveCardToLocation(card(), 4);
      expect(move.removed.map((service) => service.id)).toEqual([keptWax.id]);
      expect(cardServiceIds(move.card)).toEqual([keptLashes.id]);
    } finally {
      globalThis.fetch = realFetch;
      forgetLiveCatalog();
    }
  });

  it('moveToLocation moves the store and says what did not fit; restoreCard puts back the card kept', () => {
    const gone = lashes();
    editCard(store).addService(wax(), { location: 1 });
    editCard(store).addService(gone, { location: 1 });
    setTherapist(store, 1, 7);
    const before = card();
    const move = editCard(store).moveToLocation(3);
    expect(move.removed.map((service) => service.id)).toHaveLength(2);
    expect(card()).toBe(move.card);
    expect(card().areas).toEqual([]);
    store.getState().restoreCard(before);
    expect(card()).toBe(before);
    expect(area(1)!.therapist).toBe(7);
  });
});

describe('therapist and date per area', () => {
  it('sets the therapist and resets that area date', () => {
    editCard(store).addService(wax());
    editCard(store).addService(brows());
    setDate(store, 1, '2026-12-01 10:15');
    setDate(store, 2, '2026-12-02');
    expect(area(1)!.when).toEqual({ kind: 'day', date: '2026-12-01' });
    setTherapist(store, 1, 12);
    expect(area(1)).toMatchObject({ therapist: 12, when: { kind: 'none' } });
    expect(area(2)).toMatchObject({ therapist: 0, when: { kind: 'day', date: '2026-12-02' } });
  });

  it('refuses an impossible date', () => {
    editCard(store).addService(wax());
    setDate(store, 1, '2026-02-30');
    expect(area(1)!.when).toEqual({ kind: 'none' });
  });
});

describe('loading a customer card', () => {
  const customerId = randomUUID();
  const loaded = (): BookingCard =>
    bookingCard([{ area: 1, therapist: 3, date: '2026-12-01', services: [] }], {
      customerId,
      gender: 'men',
      location: 2,
      appointmentId: randomUUID(),
      packages: [{ packageId: randomUUID(), used: false }],
    });

  it('merging packages (mergeType 1) takes gender and packages', () => {
    const a = wax();
    editCard(store).addService(a);
    const other = loaded();
    editCard(store).loadCustomerCard(other, 'packages');
    expect(card()).toMatchObject({ gender: 'men', customerId: '', location: 1 });
    expect(card().packages).toEqual(other.packages);
    expect(cardServiceIds(card())).toEqual([a.id]);
  });

  it('takes each package once: a bundle listed once per service is one entry, used only when every entry is', () => {
    const [bundle, used] = [randomUUID(), randomUUID()];
    const list = [
      { packageId: bundle, used: true },
      { packageId: bundle.toUpperCase(), used: false },
      { packageId: used, used: true },
      { packageId: used, used: true },
    ];
    editCard(store).loadCustomerCard({ ...emptyBookingCard(), packages: list }, 'packages');
    expect(card().packages).toEqual([{ packageId: bundle, used: false }, { packageId: used, used: true }]);
  });

  it('merging the customer (mergeType 2) also takes the customer id', () => {
    editCard(store).loadCustomerCard(loaded(), 'customer');
    expect(card()).toMatchObject({ gender: 'men', customerId, location: 1, appointmentId: '' });
  });

  it('replacing (mergeType 3) takes everything', () => {
    const other = loaded();
    editCard(store).addService(wax());
    editCard(store).loadCustomerCard(other, 'replace');
    expect(card()).toBe(other);
  });
});

describe('log-out and packages', () => {
  it('log-out clears customerId, services and packages', () => {
    store = createCardStore(emptyBookingCard({ customerId: randomUUID(), location: 2 }));
    editCard(store).addService(wax());
    editCard(store).loadCustomerCard({ ...emptyBookingCard(), packages: [{ packageId: randomUUID(), used: true }] }, 'packages');
    cardRequests(store).createFailed(500);
    store.getState().logOut();
    expect(card()).toMatchObject({ customerId: '', location: 2, areas: [], packageAreas: [], packages: [] });
    expect(store.getState().request).toEqual({ kind: null, status: 'idle', errorCode: null });
  });

  it('marks a package used or unused', () => {
    const [p1, p2] = [randomUUID(), randomUUID()];
    editCard(store).loadCustomerCard({ ...emptyBookingCard(), packages: [{ packageId: p1, used: false }, { packageId: p2, used: false }] }, 'packages');
    editCard(store).setPackageUsed(p2, true);
    expect(card().packages).toEqual([{ packageId: p1, used: false }, { packageId: p2, used: true }]);
    editCard(store).setPackageUsed(p2, false);
    expect(card().packages[1]!.used).toBe(false);
  });
});

describe('lifecycle', () => {
  it('load: requested, succeeded, empty, failed with the HTTP status and a reset to an empty card', () => {
    cardRequests(store).loadRequested();
    expect(store.getState().request).toEqual({ kind: 'load', status: 'requested', errorCode: null });
    const other = { ...emptyBookingCard({ location: 4 }), packages: [{ packageId: randomUUID(), used: false }] };
    cardRequests(store).loadSucceeded(other);
    expect(store.getState()).toMatchObject({ card: other, request: { kind: 'load', status: 'succeeded' } });
    cardRequests(store).loadEmpty();
    expect(store.getState().request.status).toBe('empty');
    editCard(store).addService(wax());
    cardRequests(store).loadFailed(404);
    expect(store.getState().request).toEqual({ kind: 'load', status: 'failed', errorCode: 404 });
    expect(card()).toEqual(emptyBookingCard({ location: 4 }));
  });

  it('create: requested, succeeded (taking the answer), failed with 416 or 500', () => {
    cardRequests(store).createRequested();
    expect(store.getState().request).toEqual({ kind: 'create', status: 'requested', errorCode: null });
    const saved = { ...emptyBookingCard(), appointmentId: randomUUID() };
    cardRequests(store).createSucceeded(saved);
    expect(store.getState()).toMatchObject({ card: saved, request: { status: 'succeeded' } });
    cardRequests(store).createFailed(416);
    expect(store.getState().request).toEqual({ kind: 'create', status: 'failed', errorCode: 416 });
    cardRequests(store).createFailed(502);
    expect(store.getState().request.errorCode).toBe(500);
  });

  it('update: requested, succeeded, failed with 416 or 505', () => {
    cardRequests(store).updateRequested();
    expect(store.getState().request).toEqual({ kind: 'update', status: 'requested', errorCode: null });
    const a = wax();
    editCard(store).addService(a);
    cardRequests(store).updateSucceeded();
    expect(store.getState().request.status).toBe('succeeded');
    expect(cardServiceIds(card())).toEqual([a.id]);
    cardRequests(store).updateFailed(416);
    expect(store.getState().request.errorCode).toBe(416);
    cardRequests(store).updateFailed(400);
    expect(store.getState().request).toEqual({ kind: 'update', status: 'failed', errorCode: 505 });
  });

  it('fallback reset empties the card and the request state, keeping the location', () => {
    editCard(store).addService(wax(), { location: 2 });
    cardRequests(store).updateFailed(500);
    cardRequests(store).fallbackReset();
    expect(store.getState()).toEqual(expect.objectContaining({ card: emptyBookingCard({ location: 2 }), request: { kind: null, status: 'idle', errorCode: null } }));
  });
});

describe('card dates', () => {
  it.each(['2026-12-01', '2026-12-01 10:15', '2024-02-29', '2026-02-30', '2026-13-01', '2026-12-01 24:00', '2026-1-01', 'x', '2026-12-01T10:00'])(
    'reads %s as lib/validation does',
    (value) => {
      expect(cardDate(value)).toBe(normaliseDate(value));
    },
  );
});
