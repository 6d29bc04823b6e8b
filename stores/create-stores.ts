import { createAuthStore } from './auth-store';
import { createCardStore } from './card-store';
import { createFavoritesStore } from './favorites-store';
import { createLocationStore } from './location-store';
import { createShopStore } from './shop-store';
import { createUiStore } from './ui-store';
import type { PersistedState } from '@/lib/persistence/state';

export function createAppStores(init?: Partial<PersistedState>) {
  return {
    card: createCardStore(init?.card),
    favorites: createFavoritesStore(init?.favorites),
    location: createLocationStore(init?.location),
    shop: createShopStore(init?.shop),
    auth: createAuthStore(init?.auth),
    ui: createUiStore({ gender: init?.card?.gender === 'men' ? 1 : 0 }),
  };
}

export type AppStores = ReturnType<typeof createAppStores>;
