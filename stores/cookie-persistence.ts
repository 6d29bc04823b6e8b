import { cardFromCookie, cardToCookie, emptyCard } from '@/lib/persistence/card';
import { COOKIE_NAMES, TAB_CHANNEL } from '@/lib/persistence/cookies';
import { favoritesFromCookie, favoritesToCookie, locationFromCookie, locationToCookie, shopFromCookie, shopToCookie } from '@/lib/persistence/lists';
import { mergeCard, mergeFavorites, mergeLocation, mergeShop } from '@/lib/persistence/merge';
import { readPersistedState } from '@/lib/persistence/state';
import { cardServiceCount, type AppointmentCard, type PersistedShopCart } from '@/lib/persistence/model';
import type { AppStores } from './create-stores';
import { rawCookie, readJar, removeCookie, writeCookie } from './saved-state/jar';

/**
 * This module is the only client code that reads the cookies, and with the codecs it brings zod and the `cookie` package: the
 * provider loads it with import() after hydration, so none of it is first-load JavaScript of a catalogue page.
 */

/** The persisted state in this browser's cookies, each checked by its zod schema. */
export function readBrowserState() {
  const cookies = readJar();
  return readPersistedState((name) => cookies[name]);
}

/** What each set of stores was filled from: the value a tab last knew, until it binds its saving. */
const filledFrom = new WeakMap<AppStores, Record<'card' | 'favorites' | 'location' | 'shop', unknown>>();

/**
 * Puts the saved state into stores that started empty (a prerendered page cannot know it). A refused cookie leaves
 * its store empty; bindCookiePersistence then rewrites it.
 */
export function fillFromCookies(stores: AppStores): void {
  const { state } = readBrowserState();
  filledFrom.set(stores, { card: state.card, favorites: state.favorites, location: state.location, shop: state.shop });
  stores.card.setState({ card: state.card });
  stores.favorites.setState({ ids: state.favorites });
  stores.location.setState({ location: state.location });
  stores.shop.setState({ cart: state.shop });
  stores.auth.setState({ profile: state.auth });
  stores.ui.getState().setGender(state.card.header.gender === '1' ? 1 : 0);
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

/** One saved store: its cookie, its codec and how two tabs' changes to it merge. */
interface Slot<T> {
  name: string;
  select: () => T;
  apply: (value: T) => void;
  encode: (value: T) => string;
  decode: (raw: string | undefined) => T | undefined;
  empty: (value: T) => boolean;
  /** What no cookie means. */
  blank: T;
  merge: (base: T, ours: T, theirs: T) => T;
}

function slots(stores: AppStores): Slot<never>[] {
  const list = [
    {
      name: COOKIE_NAMES.card,
      select: () => stores.card.getState().card,
      apply: (card: AppointmentCard) => stores.card.setState({ card }),
      encode: cardToCookie,
      decode: cardFromCookie,
      empty: isEmpty.card,
      blank: emptyCard(),
      merge: mergeCard,
    } satisfies Slot<AppointmentCard>,
    {
      name: COOKIE_NAMES.favorites,
      select: () => stores.favorites.getState().ids,
      apply: (ids: string[]) => stores.favorites.setState({ ids }),
      encode: favoritesToCookie,
      decode: favoritesFromCookie,
      empty: isEmpty.favorites,
      blank: [] as string[],
      merge: mergeFavorites,
    } satisfies Slot<string[]>,
    {
      name: COOKIE_NAMES.location,
      select: () => stores.location.getState().location,
      apply: (location: number) => stores.location.setState({ location }),
      encode: locationToCookie,
      decode: locationFromCookie,
      empty: isEmpty.location,
      blank: 0,
      merge: mergeLocation,
    } satisfies Slot<number>,
    {
      name: COOKIE_NAMES.shop,
      select: () => stores.shop.getState().cart,
      apply: (cart: PersistedShopCart) => stores.shop.setState({ cart }),
      encode: shopToCookie,
      decode: shopFromCookie,
      empty: isEmpty.shop,
      blank: { header: { customerId: '', checkoutId: '' }, pvItems: [] } as PersistedShopCart,
      merge: mergeShop,
    } satisfies Slot<PersistedShopCart>,
  ];
  return list as unknown as Slot<never>[];
}


/**
 * Saves the card, favourites, location and shop cart to cookies on every change and on pagehide, for three months;
 * removes the cookie of an empty one, and BnpAuth (path '/') when the profile signs out; takes the profile from
 * BnpAuth again when the tab comes back into view. Two tabs share the cookies:
 * a tab that finds a cookie written by another tab since it last looked merges the two (lib/persistence/merge.ts)
 * instead of overwriting it, and each write is announced on a BroadcastChannel, so the other tabs take it in at once
 * (and again whenever a tab comes back into view, for browsers without the channel). Returns the unbind function.
 */
export function bindCookiePersistence(stores: AppStores, { startedBlank = false }: { startedBlank?: boolean } = {}): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TAB_CHANNEL);
  // Stores filled from the cookies know what they were filled from: a cookie another tab wrote since (the cookie code
  // may bind a moment after the fill) is merged, not overwritten. So do stores that started blank because there was no
  // saved state: what another tab saved before this one binds is merged with this tab's first change. Other stores
  // (given ones) replace the cookie.
  const filled = filledFrom.get(stores);
  filledFrom.delete(stores);
  const all = slots(stores).map((slot) => {
    const raw = rawCookie(slot.name);
    const key = (['card', 'favorites', 'location', 'shop'] as const).find((k) => COOKIE_NAMES[k] === slot.name)!;
    const base = filled?.[key];
    const startKnown = base !== undefined || startedBlank;
    return { slot, knownRaw: startKnown ? null : raw, knownValue: (base ?? slot.blank) as unknown, handled: undefined as unknown, seen: [] as string[] };
  });

  type Entry = (typeof all)[number];
  const remember = (entry: Entry, raw: string) => {
    if (!entry.seen.includes(raw)) entry.seen = [...entry.seen, raw].slice(-16);
  };
  /**
   * `incoming`: the value another tab announced it wrote. Without it the cookie is read, and a read can lag behind
   * another tab's write (a browser caches cookies per tab): a value this tab has known and left behind is such a lag.
   */
  const sync = (entry: Entry, force: boolean, incoming?: string) => {
    const { slot } = entry;
    const ours = slot.select();
    let raw = incoming ?? rawCookie(slot.name);
    if (incoming === undefined && raw !== entry.knownRaw && entry.seen.includes(raw)) raw = entry.knownRaw ?? raw;
    if (!force && ours === entry.handled && raw === entry.knownRaw) return;
    let next = ours;
    let out: string | undefined;
    if (raw !== entry.knownRaw) {
      const theirs = raw ? slot.decode(raw) : slot.blank;
      // Nothing changed here since the last save: take the other tab's value as it is (no write, no echo).
      if (theirs !== undefined && ours === entry.handled) [next, out] = [theirs, raw];
      else if (theirs !== undefined) next = slot.merge(entry.knownValue as never, ours, theirs);
    }
    if (out === undefined) {
      try {
        out = slot.empty(next) ? '' : slot.encode(next);
      } catch (error) {
        // The stores enforce the caps, so this means a bug; a stale cookie is better than a broken page.
        console.error(`Could not save the ${slot.name} cookie`, error);
      }
    }
    remember(entry, raw);
    // Recorded before the store changes, so the save its listeners start finds nothing left to do.
    entry.handled = next;
    entry.knownRaw = out ?? raw;
    entry.knownValue = next;
    if (out !== undefined) {
      remember(entry, out);
      if (out !== raw || force) {
        if (out) writeCookie(slot.name, out);
        else removeCookie(slot.name);
        if (out !== raw) channel?.postMessage({ name: slot.name, raw: out });
      }
    }
    if (next !== ours) slot.apply(next);
  };
  const saveAll = (force: boolean) => all.forEach((entry) => sync(entry, force));

  const unsubscribers = [stores.card, stores.favorites, stores.location, stores.shop].map((store) =>
    (store.subscribe as (listener: () => void) => () => void)(() => saveAll(false)),
  );
  const unsubscribeAuth = stores.auth.subscribe((state, previous) => {
    if (previous.profile.isAuth && !state.profile.isAuth) removeCookie(COOKIE_NAMES.auth);
  });
  const onPageHide = () => saveAll(true);
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { name?: unknown; raw?: unknown } | null;
    const entry = all.find((e) => e.slot.name === data?.name);
    // The value travels with the message (each cookie's codec checks it): reading the cookie now could give the old one.
    if (entry && typeof data?.raw === 'string') sync(entry, false, data.raw);
  };
  // The server writes BnpAuth (a sign-in, a new name or address) and removes it (a sign-out): a tab coming back into
  // view takes the profile from the cookie, so its header greets the customer as the other tab left them.
  const syncAuth = () => {
    const saved = readBrowserState().state.auth;
    const current = stores.auth.getState().profile;
    if (saved.isAuth !== current.isAuth || saved.customerId !== current.customerId || saved.name !== current.name || saved.email !== current.email) {
      stores.auth.setState({ profile: saved });
    }
  };
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    saveAll(false);
    syncAuth();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  channel?.addEventListener('message', onMessage);
  // Also rewrites any cookie that was refused on read, so a bad cookie is replaced by the reset store's value.
  saveAll(true);
  // A tab that started with nothing saved binds when another tab saved something or signed in: take the sign-in now.
  if (startedBlank) syncAuth();
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    unsubscribeAuth();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
  };
}
