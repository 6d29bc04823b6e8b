import { destroyCookie, parseCookies, setCookie } from 'nookies';
import { cardToCookie } from '@/lib/persistence/card';
import { COOKIE_NAMES, threeMonthsFrom } from '@/lib/persistence/cookies';
import { favoritesToCookie, locationToCookie, shopToCookie } from '@/lib/persistence/lists';
import { readPersistedState } from '@/lib/persistence/state';
import { cardServiceCount, type AppointmentCard, type PersistedShopCart } from '@/lib/persistence/model';
import type { AppStores } from './create-stores';

/**
 * This module is the only client code that reads the cookies, and with the codecs it brings zod and nookies: the
 * provider loads it with import() after hydration, so none of it is first-load JavaScript of a catalogue page.
 */

/** The persisted state in this browser's cookies, each checked by its zod schema. */
export function readBrowserState() {
  // Values are base64url already: no URI decoding, so what the codecs see is what was written.
  const cookies = parseCookies(null, { decode: (value: string) => value });
  return readPersistedState((name) => cookies[name]);
}

/**
 * Puts the saved state into stores that started empty (a prerendered page cannot know it). A refused cookie leaves
 * its store empty; bindCookiePersistence then rewrites it.
 */
export function fillFromCookies(stores: AppStores): void {
  const { state } = readBrowserState();
  stores.card.setState({ card: state.card });
  stores.favorites.setState({ ids: state.favorites });
  stores.location.setState({ location: state.location });
  stores.shop.setState({ cart: state.shop });
  stores.auth.setState({ profile: state.auth });
  stores.ui.getState().setGender(state.card.header.gender === '1' ? 1 : 0);
}

function remove(name: string): void {
  if (parseCookies(null)[name] !== undefined) destroyCookie(null, name, { path: '/' });
}

function write(name: string, value: string): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  setCookie(null, name, value, { path: '/', sameSite: 'lax', secure, expires: threeMonthsFrom(new Date()), encode: (v: string) => v });
}

/**
 * Whether a store holds nothing worth a cookie: then its cookie is removed instead of written, so a visitor who
 * empties a list carries no cookie for it. A card keeps its cookie for a customer, an appointment being changed, a
 * package or the men's menu; the location has a cookie of its own.
 */
const isEmpty = {
  card: (card: AppointmentCard) =>
    cardServiceCount(card) === 0 && card.pkgAvailable.length === 0 && !card.header.customerId && !card.header.aptId && card.header.gender !== '1',
  favorites: (ids: readonly string[]) => ids.length === 0,
  location: (location: number) => location === 0,
  shop: (cart: PersistedShopCart) => cart.pvItems.length === 0 && !cart.header.checkoutId && !cart.header.customerId,
};

/**
 * Saves the card, favourites, location and shop cart to cookies on every change and on pagehide, for three months;
 * removes the cookie of an empty one, and BnpAuth (path '/') when the profile signs out. Returns the unsubscribe
 * function.
 */
export function bindCookiePersistence(stores: AppStores): () => void {
  const savers: [() => unknown, string, (value: never) => string, (value: never) => boolean][] = [
    [() => stores.card.getState().card, COOKIE_NAMES.card, cardToCookie as (value: never) => string, isEmpty.card as (value: never) => boolean],
    [() => stores.favorites.getState().ids, COOKIE_NAMES.favorites, favoritesToCookie as (value: never) => string, isEmpty.favorites as (value: never) => boolean],
    [() => stores.location.getState().location, COOKIE_NAMES.location, locationToCookie as (value: never) => string, isEmpty.location as (value: never) => boolean],
    [() => stores.shop.getState().cart, COOKIE_NAMES.shop, shopToCookie as (value: never) => string, isEmpty.shop as (value: never) => boolean],
  ];
  const last = new Map<string, unknown>();
  const save = (force: boolean) => {
    for (const [select, name, encode, empty] of savers) {
      const value = select();
      if (!force && last.get(name) === value) continue;
      last.set(name, value);
      try {
        if (empty(value as never)) remove(name);
        else write(name, encode(value as never));
      } catch (error) {
        // The stores enforce the caps, so this means a bug; a stale cookie is better than a broken page.
        console.error(`Could not save the ${name} cookie`, error);
      }
    }
  };
  const unsubscribers = [stores.card, stores.favorites, stores.location, stores.shop].map((store) =>
    (store.subscribe as (listener: () => void) => () => void)(() => save(false)),
  );
  const unsubscribeAuth = stores.auth.subscribe((state, previous) => {
    if (previous.profile.isAuth && !state.profile.isAuth) destroyCookie(null, COOKIE_NAMES.auth, { path: '/' });
  });
  const onPageHide = () => save(true);
  window.addEventListener('pagehide', onPageHide);
  // Also rewrites any cookie that was refused on read, so a bad cookie is replaced by the reset store's value.
  save(true);
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    unsubscribeAuth();
    window.removeEventListener('pagehide', onPageHide);
  };
}
