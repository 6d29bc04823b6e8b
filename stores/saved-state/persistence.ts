import { bookingCardFromCookie, bookingCardToCookie, keepChosenTimes } from '@/lib/persistence/card';
import { COOKIE_NAMES, TAB_CHANNEL } from '@/lib/persistence/cookies';
import { favoritesFromCookie, favoritesToCookie, locationFromCookie, locationToCookie, shopFromCookie, shopToCookie } from '@/lib/persistence/lists';
import { mergeCard, mergeFavorites, mergeLocation, mergeShop } from '@/lib/persistence/merge';
import { isNews, readStamp, withStamp, type KnownCookie } from '@/lib/persistence/stamp';
import { readPersistedState, readSavedState, type StampedKey } from '@/lib/persistence/state';
import type { PersistedShopCart } from '@/lib/persistence/model';
import { cardServiceCount, emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import type { AppStores } from '../create-stores';
import { fillStores, takeFilledFrom } from './fill';
import { rawCookie, readJar, removeCookie, writeCookie } from './jar';

/**
 * This module is the only client code that reads the cookies, and with the codecs it brings zod and the `cookie` package: the
 * provider loads it with import() after hydration, so none of it is any page's first-load JavaScript (the personal
 * pages fill their stores from the server's reading first: LoadSavedStateNow).
 */

/** The persisted state in this browser's cookies, each checked by its zod schema. */
export function readBrowserState() {
  const cookies = readJar();
  return readPersistedState((name) => cookies[name]);
}

/**
 * Puts the saved state into stores that started empty (a prerendered page cannot know it). A refused cookie leaves
 * its store empty; bindCookiePersistence then rewrites it.
 */
export function fillFromCookies(stores: AppStores): void {
  const cookies = readJar();
  fillStores(stores, readSavedState((name) => cookies[name]), { byServer: false });
}

/**
 * Whether a store holds nothing worth a cookie: then its cookie is removed instead of written, so a visitor who
 * empties a list carries no cookie for it. A card keeps its cookie for a customer, an appointment being changed, a
 * package or the men's menu; the location has a cookie of its own.
 */
const isEmpty = {
  card: (card: BookingCard) => cardServiceCount(card) === 0 && card.packages.length === 0 && !card.customerId && !card.appointmentId && card.gender !== 'men',
  favorites: (ids: readonly string[]) => ids.length === 0,
  location: (location: number) => location === 0,
  shop: (cart: PersistedShopCart) => cart.pvItems.length === 0 && !cart.header.checkoutId && !cart.header.customerId,
};

/** One saved store: its cookie, its codec and how two tabs' changes to it merge. */
interface Slot<T> {
  key: StampedKey;
  name: string;
  select: () => T;
  apply: (value: T) => void;
  encode: (value: T) => string;
  decode: (raw: string | undefined) => T | undefined;
  empty: (value: T) => boolean;
  /** What no cookie means. */
  blank: T;
  merge: (base: T, ours: T, theirs: T) => T;
  /** What this tab keeps of its own when it takes another tab's value whole (the card: its chosen times). */
  keep?: (ours: T, theirs: T) => T;
}

function slots(stores: AppStores): Slot<never>[] {
  const list = [
    {
      key: 'card',
      name: COOKIE_NAMES.card,
      select: () => stores.card.getState().card,
      apply: (card: BookingCard) => stores.card.setState({ card }),
      encode: bookingCardToCookie,
      decode: bookingCardFromCookie,
      empty: isEmpty.card,
      blank: emptyBookingCard(),
      merge: mergeCard,
      keep: keepChosenTimes,
    } satisfies Slot<BookingCard>,
    {
      key: 'favorites',
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
      key: 'location',
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
      key: 'shop',
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
 * BnpAuth again when the tab comes back into view. Two tabs share the cookies: each write raises the cookie's version
 * stamp (lib/persistence/stamp.ts), and a tab that finds a newer stamp than the one it last knew merges the two
 * (lib/persistence/merge.ts) instead of overwriting it; an older stamp is a read that lags behind. Each write is
 * announced on a BroadcastChannel, so the other tabs take it in at once (and again whenever a tab comes back into
 * view, for browsers without the channel). Returns the unbind function.
 */
export function bindCookiePersistence(stores: AppStores, { startedBlank = false }: { startedBlank?: boolean } = {}): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TAB_CHANNEL);
  // Stores filled from the cookies know what they were filled from: a cookie another tab wrote since (the cookie code
  // may bind a moment after the fill) is merged, not overwritten. So do stores that started blank because there was no
  // saved state: what another tab saved before this one binds is merged with this tab's first change. Other stores
  // (given ones) replace the cookie.
  const filled = takeFilledFrom(stores);
  const all = slots(stores).map((slot) => {
    const from = filled?.slots[slot.key];
    const raw = from ? from.raw : startedBlank ? '' : rawCookie(slot.name);
    const known: KnownCookie = { raw, stamp: readStamp(raw).stamp, seenMissing: raw === '' };
    return { slot, known, knownValue: (from ? from.value : slot.blank) as unknown, handled: undefined as unknown };
  });

  type Entry = (typeof all)[number];
  /** `incoming`: the value (and stamp) another tab announced it wrote. Without it the cookie is read. */
  const sync = (entry: Entry, force: boolean, incoming?: { raw: string; stamp: number }) => {
    const { slot, known } = entry;
    const ours = slot.select();
    const raw = incoming?.raw ?? rawCookie(slot.name);
    const read = { raw, stamp: incoming?.stamp ?? readStamp(raw).stamp };
    const news = isNews(known, read);
    if (!force && ours === entry.handled && !news) return;
    // What the cookie holds as far as this tab can tell: a read that lags behind is taken for the value it knows.
    const current = news ? read : { raw: known.raw, stamp: known.stamp };
    let next = ours;
    let out: string | undefined;
    if (news) {
      const theirs = raw ? slot.decode(raw) : slot.blank;
      // Nothing changed here since the last save: take the other tab's value as it is (no write, no echo).
      if (theirs !== undefined && ours === entry.handled) [next, out] = [slot.keep ? slot.keep(ours, theirs) : theirs, raw];
      else if (theirs !== undefined) next = slot.merge(entry.knownValue as never, ours, theirs);
    }
    const stamp = Math.max(known.stamp, current.stamp);
    if (out === undefined) {
      try {
        const body = slot.empty(next) ? '' : slot.encode(next);
        out = body === readStamp(current.raw).body && current.raw !== '' ? current.raw : body && withStamp(stamp + 1, body);
      } catch (error) {
        // The stores enforce the caps, so this means a bug; a stale cookie is better than a broken page.
        console.error(`Could not save the ${slot.name} cookie`, error);
      }
    }
    const changed = out !== undefined && out !== current.raw;
    const saved = out ?? current.raw;
    // Recorded before the store changes, so the save its listeners start finds nothing left to do.
    entry.handled = next;
    entry.knownValue = next;
    // A removal is a write too: announced with the next stamp, so a tab that has known the cookie missing takes it.
    entry.known = { raw: saved, stamp: changed && saved === '' ? stamp + 1 : Math.max(stamp, readStamp(saved).stamp), seenMissing: known.seenMissing || saved === '' };
    if (out !== undefined && (changed || force)) {
      if (out) writeCookie(slot.name, out);
      else removeCookie(slot.name);
      if (changed) channel?.postMessage({ name: slot.name, raw: out, stamp: entry.known.stamp });
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
    const data = event.data as { name?: unknown; raw?: unknown; stamp?: unknown } | null;
    const entry = all.find((e) => e.slot.name === data?.name);
    // The value travels with the message (each cookie's codec checks it): reading the cookie now could give the old one.
    if (entry && typeof data?.raw === 'string') {
      const stamp = typeof data.stamp === 'number' && Number.isSafeInteger(data.stamp) ? data.stamp : readStamp(data.raw).stamp;
      sync(entry, false, { raw: data.raw, stamp });
    }
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
  // A tab that started with nothing saved binds when another tab saved something or signed in, and a tab filled from
  // the server's reading binds after another tab may have signed in or out: take the profile from BnpAuth now.
  if (startedBlank || filled?.byServer) syncAuth();
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    unsubscribeAuth();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
  };
}
