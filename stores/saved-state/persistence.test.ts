/** @jest-environment jsdom */
import { randomUUID } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';
import { authCookieValue } from '@/lib/persistence/auth';
import { bookingCardFromCookie } from '@/lib/persistence/card';
import { parseCookies } from 'nookies';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { encodeJson } from '@/lib/persistence/codec';
import { readStamp, withStamp } from '@/lib/persistence/stamp';
import { favoritesFromCookie, favoritesToCookie, locationFromCookie, shopFromCookie, shopToCookie } from '@/lib/persistence/lists';
import { bookingCardToCookie, cardToCookie, emptyCard } from '@/lib/persistence/card';
import { areaOf, cardServiceIds, emptyBookingCard } from '@/lib/booking/card';
import { waitFor } from '@testing-library/react';
import { bindCookiePersistence, fillFromCookies, readBrowserState } from './persistence';
import { editCard, withDate, withTime } from '../card-edits';
import { createAppStores } from '../create-stores';

// jsdom lacks the encoders every browser has.
Object.assign(globalThis, { TextEncoder, TextDecoder });

function clearCookies() {
  for (const name of Object.keys(parseCookies(null))) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
const jar = () => parseCookies(null, { decode: (value: string) => value });

beforeEach(clearCookies);

describe('cookie persistence in the browser', () => {
  it('saves the card, favourites, location and shop cart on every change', () => {
    const stores = createAppStores();
    const unbind = bindCookiePersistence(stores);
    const service = { id: randomUUID(), areaId: 2, svcTypeId: 64, gen: 0 as const };
    editCard(stores.card).addService(service, { location: 2 });
    expect(cardServiceIds(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!)).toEqual([service.id]);
    const fav = randomUUID();
    stores.favorites.getState().add(fav);
    expect(favoritesFromCookie(jar()[COOKIE_NAMES.favorites])).toEqual([fav]);
    stores.location.getState().setLocation(4);
    expect(locationFromCookie(jar()[COOKIE_NAMES.location])).toBe(4);
    const pv = randomUUID();
    stores.shop.getState().addItem(pv);
    expect(shopFromCookie(jar()[COOKIE_NAMES.shop])?.pvItems).toEqual([pv]);
    unbind();
    stores.favorites.getState().remove(fav);
    expect(favoritesFromCookie(jar()[COOKIE_NAMES.favorites])).toEqual([fav]);
  });

  it('saves again on pagehide, merged with what another tab wrote meanwhile', () => {
    const stores = createAppStores();
    const unbind = bindCookiePersistence(stores);
    const [mine, theirs] = [randomUUID(), randomUUID()];
    stores.favorites.getState().add(mine);
    // Another tab's write: the next version stamp.
    document.cookie = `${COOKIE_NAMES.favorites}=${withStamp(readStamp(jar()[COOKIE_NAMES.favorites]!).stamp + 1, favoritesToCookie([mine, theirs]))}; Path=/`;
    window.dispatchEvent(new Event('pagehide'));
    expect(favoritesFromCookie(jar()[COOKIE_NAMES.favorites])).toEqual([mine, theirs]);
    unbind();
  });

  it('reads the state back in a new tab', () => {
    const stores = createAppStores();
    const unbind = bindCookiePersistence(stores);
    const fav = randomUUID();
    stores.favorites.getState().add(fav);
    stores.location.getState().setLocation(2);
    unbind();
    const { state, refused } = readBrowserState();
    expect(refused).toEqual([]);
    expect(state.favorites).toEqual([fav]);
    expect(state.location).toBe(2);
  });

  it('resets only the store whose cookie is tampered with, and rewrites that cookie', () => {
    const fav = randomUUID();
    document.cookie = `${COOKIE_NAMES.favorites}=${favoritesToCookie([fav])}; Path=/`;
    document.cookie = `${COOKIE_NAMES.card}=${encodeJson({ v: 1, h: 'tampered' })}; Path=/`;
    document.cookie = `${COOKIE_NAMES.location}=9; Path=/`;
    const { state, refused } = readBrowserState();
    expect(refused.sort()).toEqual(['card', 'location']);
    expect(state.favorites).toEqual([fav]);
    const unbind = bindCookiePersistence(createAppStores(state));
    // Replaced by the reset stores' values: empty, so the bad cookies are gone rather than rewritten.
    expect(jar()[COOKIE_NAMES.card]).toBeUndefined();
    expect(jar()[COOKIE_NAMES.location]).toBeUndefined();
    expect(favoritesFromCookie(jar()[COOKIE_NAMES.favorites])).toEqual([fav]);
    unbind();
  });

  it('writes no cookie for an empty store, and removes a cookie when its list is emptied', () => {
    const stores = createAppStores();
    const unbind = bindCookiePersistence(stores);
    expect(jar()).toEqual({});
    const service = { id: randomUUID(), areaId: 2, svcTypeId: 64, gen: 0 as const };
    const fav = randomUUID();
    const pv = randomUUID();
    editCard(stores.card).addService(service, { location: 2 });
    stores.favorites.getState().add(fav);
    stores.shop.getState().addItem(pv);
    expect(Object.keys(jar()).sort()).toEqual([COOKIE_NAMES.card, COOKIE_NAMES.favorites, COOKIE_NAMES.shop].sort());
    editCard(stores.card).removeService(service.id);
    stores.favorites.getState().remove(fav);
    stores.shop.getState().removeItem(pv);
    expect(jar()).toEqual({});
    // A men's card with nothing in it keeps the gender the visitor chose.
    stores.card.setState({ card: emptyBookingCard({ gender: 'men' }) });
    expect(bookingCardFromCookie(jar()[COOKIE_NAMES.card])?.gender).toBe('men');
    unbind();
  });

  it('removes BnpAuth when the profile signs out', () => {
    document.cookie = `${COOKIE_NAMES.auth}=${authCookieValue({ id: '7', name: 'Ana' })}; Path=/`;
    const { state } = readBrowserState();
    expect(state.auth).toMatchObject({ name: 'Ana', isAuth: true });
    const stores = createAppStores(state);
    const unbind = bindCookiePersistence(stores);
    stores.auth.getState().signOut();
    expect(jar()[COOKIE_NAMES.auth]).toBeUndefined();
    unbind();
  });

  it('fills empty stores with what each cookie holds; a refused cookie leaves its store empty', () => {
    const fav = randomUUID();
    const pv = randomUUID();
    const card = emptyCard({ gender: '1', location: '3' });
    document.cookie = `${COOKIE_NAMES.card}=${cardToCookie(card)}; Path=/`;
    document.cookie = `${COOKIE_NAMES.favorites}=${favoritesToCookie([fav])}; Path=/`;
    document.cookie = `${COOKIE_NAMES.shop}=${shopToCookie({ header: { customerId: '', checkoutId: 'k1' }, pvItems: [pv] })}; Path=/`;
    document.cookie = `${COOKIE_NAMES.auth}=${authCookieValue({ id: '7', name: 'Ana' })}; Path=/`;
    document.cookie = `${COOKIE_NAMES.location}=9; Path=/`;
    const stores = createAppStores();
    fillFromCookies(stores);
    expect(stores.card.getState().card).toMatchObject({ gender: 'men', location: 3 });
    expect(stores.ui.getState().gender).toBe(1);
    expect(stores.favorites.getState().ids).toEqual([fav]);
    expect(stores.shop.getState().cart).toEqual({ header: { customerId: '', checkoutId: 'k1' }, pvItems: [pv] });
    expect(stores.auth.getState().profile).toMatchObject({ name: 'Ana', customerId: '7', isAuth: true });
    expect(stores.location.getState().location).toBe(0);
  });
});

describe('two tabs, one cart', () => {
  const service = (areaId = 1, svcTypeId = 1) => ({ id: randomUUID(), areaId, svcTypeId, gen: 0 as const });
  const ids = (stores: ReturnType<typeof createAppStores>) => cardServiceIds(stores.card.getState().card);
  const cookieIds = () => cardServiceIds(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!);

  it('a save merges what the other tab saved instead of overwriting it, and a removal stays removed', () => {
    const [a, b] = [createAppStores(), createAppStores()];
    const unbind = [bindCookiePersistence(a), bindCookiePersistence(b)];
    const [x, y, z] = [service(), service(2, 64), service()];
    editCard(a.card).addService(x);
    // Tab b has not looked since: its save keeps x.
    editCard(b.card).addService(y);
    expect(cookieIds().sort()).toEqual([x.id, y.id].sort());
    expect(ids(b).sort()).toEqual([x.id, y.id].sort());
    editCard(a.card).removeService(x.id);
    editCard(b.card).addService(z);
    expect(cookieIds().sort()).toEqual([y.id, z.id].sort());
    // Tab a takes in what b did when it comes back into view.
    window.dispatchEvent(new Event('focus'));
    expect(ids(a).sort()).toEqual([y.id, z.id].sort());
    unbind.forEach((u) => u());
  });

  it("another tab's save keeps this tab's chosen time while its area's therapist and day stay; the cookie holds the day", () => {
    const [a, b] = [createAppStores(), createAppStores()];
    const unbind = [bindCookiePersistence(a), bindCookiePersistence(b)];
    const [x, y] = [service(), service(2, 64)];
    editCard(a.card).addService(x);
    const timeOn = (day: string) => {
      const card = a.card.getState().card;
      a.card.setState({ card: withTime(withDate(card, 1, day), 1, '10:30') });
    };
    timeOn('2027-01-11');
    expect(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!.areas[0]!.when).toEqual({ kind: 'day', date: '2027-01-11' });
    // Tab b takes the card in (the day, no time) and adds a service of another area: tab a keeps its time.
    window.dispatchEvent(new Event('focus'));
    editCard(b.card).addService(y);
    window.dispatchEvent(new Event('focus'));
    expect(ids(a).sort()).toEqual([x.id, y.id].sort());
    expect(areaOf(a.card.getState().card, 1)!.when).toEqual({ kind: 'time', date: '2027-01-11', time: '10:30' });
    expect(areaOf(b.card.getState().card, 1)!.when).toEqual({ kind: 'day', date: '2027-01-11' });
    // Tab b chooses another therapist for that area: the time, chosen for the first one, goes in tab a.
    const other = b.card.getState().card;
    b.card.setState({ card: { ...other, areas: other.areas.map((area) => (area.area === 1 ? { ...area, therapist: 5 } : area)) } });
    window.dispatchEvent(new Event('focus'));
    expect(areaOf(a.card.getState().card, 1)).toMatchObject({ therapist: 5, when: { kind: 'day', date: '2027-01-11' } });
    unbind.forEach((u) => u());
  });

  it('a tab that binds after another tab saved keeps what that tab saved', () => {
    const [x, y] = [service(), service(2, 64)];
    const other = createAppStores();
    editCard(other.card).addService(x);
    document.cookie = `${COOKIE_NAMES.card}=${bookingCardToCookie(other.card.getState().card)}; Path=/`;
    const late = createAppStores();
    fillFromCookies(late);
    // Another tab saves y after this one read the cookie, before its cookie code binds.
    editCard(other.card).addService(y);
    document.cookie = `${COOKIE_NAMES.card}=${bookingCardToCookie(other.card.getState().card)}; Path=/`;
    const unbind = bindCookiePersistence(late);
    expect(ids(late).sort()).toEqual([x.id, y.id].sort());
    expect(cookieIds().sort()).toEqual([x.id, y.id].sort());
    unbind();
  });

  it('takes a cookie read that lags behind (a value it has already left behind) for no news', () => {
    const a = createAppStores();
    const unbind = bindCookiePersistence(a);
    const [x, y, z] = [service(), service(), service()];
    editCard(a.card).addService(x);
    const old = jar()[COOKIE_NAMES.card];
    editCard(a.card).addService(y);
    document.cookie = `${COOKIE_NAMES.card}=${old}; Path=/`;
    editCard(a.card).addService(z);
    expect(ids(a)).toEqual([x.id, y.id, z.id]);
    expect(cookieIds()).toEqual([x.id, y.id, z.id]);
    unbind();
  });

  it('every write raises the version stamp; a cookie from before stamps reads as stamp 0 and is kept', () => {
    const [x, y] = [service(), service(2, 64)];
    const old = createAppStores();
    editCard(old.card).addService(x);
    document.cookie = `${COOKIE_NAMES.card}=${bookingCardToCookie(old.card.getState().card)}; Path=/`;
    const stores = createAppStores();
    fillFromCookies(stores);
    expect(ids(stores)).toEqual([x.id]);
    const unbind = bindCookiePersistence(stores);
    editCard(stores.card).addService(y);
    expect(readStamp(jar()[COOKIE_NAMES.card]!).stamp).toBe(1);
    expect(cookieIds()).toEqual([x.id, y.id]);
    editCard(stores.card).removeService(x.id);
    expect(readStamp(jar()[COOKIE_NAMES.card]!).stamp).toBe(2);
    unbind();
  });

  it("takes another tab's change back to a value this tab once had: the stamp says it is newer", () => {
    const a = createAppStores();
    const unbind = bindCookiePersistence(a);
    const [x, y] = [service(), service()];
    editCard(a.card).addService(x);
    const withX = readStamp(jar()[COOKIE_NAMES.card]!);
    editCard(a.card).addService(y);
    // The other tab removes y: the cookie holds what it held after x, with the next stamp.
    document.cookie = `${COOKIE_NAMES.card}=${withStamp(3, withX.body)}; Path=/`;
    window.dispatchEvent(new Event('focus'));
    expect(ids(a)).toEqual([x.id]);
    unbind();
  });

  it('a list another tab emptied (its cookie removed) is taken in; a tab that removed it itself sees no news', () => {
    const [a, b] = [createAppStores(), createAppStores()];
    const fav = randomUUID();
    document.cookie = `${COOKIE_NAMES.favorites}=${withStamp(5, favoritesToCookie([fav]))}; Path=/`;
    fillFromCookies(a);
    fillFromCookies(b);
    const unbind = [bindCookiePersistence(a), bindCookiePersistence(b)];
    a.favorites.getState().remove(fav);
    expect(jar()[COOKIE_NAMES.favorites]).toBeUndefined();
    window.dispatchEvent(new Event('focus'));
    expect(b.favorites.getState().ids).toEqual([]);
    expect(a.favorites.getState().ids).toEqual([]);
    unbind.forEach((u) => u());
  });

  it('merges the favourites and the shop cart the same way', () => {
    const [a, b] = [createAppStores(), createAppStores()];
    const unbind = [bindCookiePersistence(a), bindCookiePersistence(b)];
    const [f1, f2, p1, p2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    a.favorites.getState().add(f1);
    b.favorites.getState().add(f2);
    a.shop.getState().addItem(p1);
    b.shop.getState().addItem(p2);
    expect(favoritesFromCookie(jar()[COOKIE_NAMES.favorites])).toEqual([f2, f1]);
    expect(shopFromCookie(jar()[COOKIE_NAMES.shop])?.pvItems).toEqual([p2, p1]);
    unbind.forEach((u) => u());
  });

  it('tells the other tabs at once on a BroadcastChannel', async () => {
    // jsdom has no BroadcastChannel; Node's delivers between instances of one process, as a browser's between tabs.
    const { BroadcastChannel: NodeChannel } = await import('node:worker_threads');
    Object.assign(globalThis, { BroadcastChannel: NodeChannel });
    try {
      const [a, b] = [createAppStores(), createAppStores()];
      const unbind = [bindCookiePersistence(a), bindCookiePersistence(b)];
      const x = service();
      editCard(a.card).addService(x);
      await waitFor(() => expect(ids(b)).toEqual([x.id]));
      editCard(b.card).removeService(x.id);
      await waitFor(() => expect(ids(a)).toEqual([]));
      unbind.forEach((u) => u());
    } finally {
      delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
    }
  });

  it('a tab coming back into view greets the customer as another tab left the profile: renamed, or signed out', () => {
    const stores = createAppStores();
    const id = randomUUID();
    document.cookie = `${COOKIE_NAMES.auth}=${encodeURIComponent(authCookieValue({ id, name: 'Ana', email: 'ana@example.com' }))}; Path=/`;
    fillFromCookies(stores);
    const unbind = bindCookiePersistence(stores);
    expect(stores.auth.getState().profile).toMatchObject({ isAuth: true, name: 'Ana' });
    // The other tab changed the name: the server rewrote the cookie.
    document.cookie = `${COOKIE_NAMES.auth}=${encodeURIComponent(authCookieValue({ id, name: 'Ana Lima', email: 'ana@example.com' }))}; Path=/`;
    window.dispatchEvent(new Event('focus'));
    expect(stores.auth.getState().profile).toMatchObject({ isAuth: true, customerId: id, name: 'Ana Lima' });
    // The other tab signed out: the cookie is gone.
    document.cookie = `${COOKIE_NAMES.auth}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    window.dispatchEvent(new Event('focus'));
    expect(stores.auth.getState().profile.isAuth).toBe(false);
    unbind();
  });
  it('a tab that started with nothing saved takes the sign-in another tab made as soon as its cookie code binds', () => {
    const stores = createAppStores();
    const id = randomUUID();
    // Signed in elsewhere while this tab showed the page signed out; it binds when it comes back into view.
    document.cookie = `${COOKIE_NAMES.auth}=${encodeURIComponent(authCookieValue({ id, name: 'Bea', email: 'bea@example.com' }))}; Path=/`;
    const unbind = bindCookiePersistence(stores, { startedBlank: true });
    expect(stores.auth.getState().profile).toMatchObject({ isAuth: true, customerId: id, name: 'Bea' });
    unbind();
  });
});
