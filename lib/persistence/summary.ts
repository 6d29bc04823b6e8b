import { cardServiceCount, cardServiceIds, type AppointmentCard, type AuthProfile, type PersistedShopCart } from './model';

/**
 * What server-rendered pages show of a visitor's saved state: the header's badges and profile menu, and which
 * services are booked or favourites. Ids and counts only, so it is small enough to travel in the page's payload.
 */
export interface SavedStateSummary {
  bookingCount: number;
  shopCount: number;
  favoritesCount: number;
  isAuth: boolean;
  name: string;
  /** The booking card's gender ('0' women, '1' men): a bare tab (/services/laser/) shows the men's menu for '1'. */
  gender: string;
  bookedIds: string[];
  favoriteIds: string[];
}

export const EMPTY_SUMMARY: SavedStateSummary = {
  bookingCount: 0,
  shopCount: 0,
  favoritesCount: 0,
  isAuth: false,
  name: '',
  gender: '0',
  bookedIds: [],
  favoriteIds: [],
};

export function summarizeSavedState(state: { card: AppointmentCard; favorites: string[]; shop: PersistedShopCart; auth: AuthProfile }): SavedStateSummary {
  return {
    bookingCount: cardServiceCount(state.card),
    shopCount: state.shop.pvItems.length,
    favoritesCount: state.favorites.length,
    isAuth: state.auth.isAuth,
    // The header greets by name, or by email when the profile has no name (as the store's selector does).
    name: state.auth.name || state.auth.email,
    gender: state.card.header.gender,
    bookedIds: cardServiceIds(state.card),
    favoriteIds: [...state.favorites],
  };
}
