import { allGroupedPackages, allServiceItems } from '@/lib/catalog/catalog';
import { authCookieValue } from '@/lib/persistence/auth';
import { emptyBookingCard } from '@/lib/booking/card';
import { bookingCardToCookie } from '@/lib/persistence/card';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { favoritesToCookie, shopToCookie } from '@/lib/persistence/lists';
import { addToCard } from '@/stores/card-edits';

const wax = allServiceItems().filter((item) => item.gen === 0 && item.svcType === 1);

export interface SavedState {
  /** Women's wax services booked (the first n of the menu). */
  booking?: number;
  favorites?: number;
  shop?: number;
  /** Signed in under this name (the display profile only: enough for the header, not for the account page). */
  name?: string;
}

/** Cookies for a returning visitor, written by the same codecs as the browser's. */
export function savedStateCookies(state: SavedState, url: string) {
  const cookies: { name: string; value: string; url: string }[] = [];
  if (state.booking) {
    let card = emptyBookingCard();
    for (const item of wax.slice(0, state.booking)) {
      card = addToCard(card, { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration }, { location: 1 }).card;
    }
    cookies.push({ name: COOKIE_NAMES.card, value: bookingCardToCookie(card), url });
  }
  if (state.favorites) cookies.push({ name: COOKIE_NAMES.favorites, value: favoritesToCookie(wax.slice(10, 10 + state.favorites).map((item) => item.id)), url });
  if (state.shop) {
    const items = allGroupedPackages()
      .slice(0, state.shop)
      .map((offer) => offer.pvId);
    cookies.push({ name: COOKIE_NAMES.shop, value: shopToCookie({ header: { customerId: '', checkoutId: '' }, pvItems: items }), url });
  }
  if (state.name !== undefined) {
    cookies.push({ name: COOKIE_NAMES.auth, value: encodeURIComponent(authCookieValue({ id: '00000000-0000-4000-8000-000000000001', name: state.name, email: 'client@example.com' })), url });
  }
  return cookies;
}

export const WAX_MENU = '/services/womens-wax/';
