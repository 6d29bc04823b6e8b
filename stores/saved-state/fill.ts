import type { SavedStateReading, StampedKey } from '@/lib/persistence/state';
import type { AppStores } from '../create-stores';

/**
 * Filling the stores from a reading of the saved state, without the codecs: the personal pages fill them from the
 * server's reading before the cookie code loads (LoadSavedStateNow), other pages from the cookies (fillFromCookies).
 */

/** What a set of stores was filled from, until it binds its saving (bindCookiePersistence takes it). */
interface FilledFrom {
  /** Each stamped store's value and the raw cookie it came from: the base of a merge with what a tab wrote since. */
  slots: Record<StampedKey, { value: unknown; raw: string }>;
  /** Filled from the server's reading: BnpAuth may have changed since, so the binding takes the profile again. */
  byServer: boolean;
}

const filledFrom = new WeakMap<AppStores, FilledFrom>();

/** Puts a reading's values into the stores and keeps what they came from for the binding. */
export function fillStores(stores: AppStores, { state, raw }: SavedStateReading, { byServer }: { byServer: boolean }): void {
  const slot = (key: StampedKey) => ({ value: state[key], raw: raw[key] });
  filledFrom.set(stores, { slots: { card: slot('card'), favorites: slot('favorites'), location: slot('location'), shop: slot('shop') }, byServer });
  stores.card.setState({ card: state.card });
  stores.favorites.setState({ ids: state.favorites });
  stores.location.setState({ location: state.location });
  stores.shop.setState({ cart: state.shop });
  stores.auth.setState({ profile: state.auth });
  stores.ui.getState().setGender(state.card.gender === 'men' ? 1 : 0);
}

/** What the stores were filled from, once: a binding that ends and binds again (Strict Mode) starts from its cookies. */
export function takeFilledFrom(stores: AppStores): FilledFrom | undefined {
  const filled = filledFrom.get(stores);
  filledFrom.delete(stores);
  return filled;
}
