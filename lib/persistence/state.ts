import { SIGNED_OUT, profileFromAuthCookie, type AuthProfile } from './auth';
import { bookingCardFromCookie } from './card';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { COOKIE_NAMES } from './cookies';
import { EMPTY_SHOP_CART, favoritesFromCookie, locationFromCookie, shopFromCookie, type PersistedShopCart } from './lists';

export interface PersistedState {
  /** The domain card (lib/booking/card.ts): the cookie's codec converts it. */
  card: BookingCard;
  favorites: string[];
  location: number;
  shop: PersistedShopCart;
  auth: AuthProfile;
}

/** Which cookies were present but refused (malformed, tampered with or oversized): those stores start empty. */
export type RefusedCookies = (keyof PersistedState)[];

/**
 * The persisted state from a cookie lookup (the server's cookies().get or the browser's document.cookie). Each cookie
 * is checked on its own, so a bad one resets only its own store.
 */
export function readPersistedState(get: (name: string) => string | undefined): { state: PersistedState; refused: RefusedCookies } {
  const refused: RefusedCookies = [];
  function read<T>(key: keyof PersistedState, name: string, decode: (raw: string | undefined) => T | undefined, fallback: T): T {
    const raw = get(name);
    if (raw === undefined || raw === '') return fallback;
    const value = decode(raw);
    if (value !== undefined) return value;
    refused.push(key);
    return fallback;
  }
  const state: PersistedState = {
    card: read('card', COOKIE_NAMES.card, bookingCardFromCookie, emptyBookingCard()),
    favorites: read('favorites', COOKIE_NAMES.favorites, favoritesFromCookie, []),
    location: read('location', COOKIE_NAMES.location, locationFromCookie, 0),
    shop: read('shop', COOKIE_NAMES.shop, shopFromCookie, EMPTY_SHOP_CART),
    auth: read('auth', COOKIE_NAMES.auth, profileFromAuthCookie, SIGNED_OUT),
  };
  return { state, refused };
}

/** The saved-state cookies with a version stamp (lib/persistence/stamp.ts): all but BnpAuth, which the server writes. */
export type StampedKey = Exclude<keyof PersistedState, 'auth'>;

/**
 * The saved state as one reading found it: each store's value and, for each stamped cookie, the raw value it came
 * from ('' for none), which a tab's saving later merges against. A page rendered per request hands the server's
 * reading to the browser (stores/saved-state/LoadSavedStateNow.tsx), so it is plain data, and BnpAuth stays out of it
 * but for the profile the auth store holds: an upstream's BnpAuth may carry more than the header shows.
 */
export interface SavedStateReading {
  state: PersistedState;
  raw: Record<StampedKey, string>;
}

export function readSavedState(get: (name: string) => string | undefined): SavedStateReading {
  const raw = (key: StampedKey) => get(COOKIE_NAMES[key]) ?? '';
  return { state: readPersistedState(get).state, raw: { card: raw('card'), favorites: raw('favorites'), location: raw('location'), shop: raw('shop') } };
}
