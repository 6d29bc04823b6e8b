'use client';

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { bindCookiePersistence, readBrowserState } from './cookie-persistence';
import { createAppStores, type AppStores } from './create-stores';
import type { AuthStore } from './auth-store';
import type { CardStore } from './card-store';
import type { FavoritesStore } from './favorites-store';
import type { LocationStore } from './location-store';
import type { ShopStore } from './shop-store';
import type { UiStore } from './ui-store';

const StoresContext = createContext<AppStores | null>(null);

/**
 * Creates the stores once per browser tab (and once per server render, never shared between requests). In the
 * browser they start from the cookies; on the server they start empty, and personal holes pass what the server read
 * from the cookies as `serverValue` to the hooks, so the server HTML and the hydration agree.
 */
export function StoresProvider({ children, stores: given }: { children: ReactNode; stores?: AppStores }) {
  const [stores] = useState<AppStores>(() => given ?? (typeof window === 'undefined' ? createAppStores() : createAppStores(readBrowserState().state)));
  useEffect(() => bindCookiePersistence(stores), [stores]);
  return <StoresContext value={stores}>{children}</StoresContext>;
}

let emptyStores: AppStores | undefined;
/** Read-only empty stores: the server snapshot of hooks without a server value. Never written to. */
function empty(): AppStores {
  emptyStores ??= createAppStores();
  return emptyStores;
}

export function useStoreApis(): AppStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('Store hooks must be used inside <StoresProvider>');
  return stores;
}

function useSlice<S, T>(api: StoreApi<S>, emptyApi: StoreApi<S>, selector: (state: S) => T, serverValue: T | undefined): T {
  return useSyncExternalStore(
    api.subscribe,
    () => selector(api.getState()),
    () => (serverValue !== undefined ? serverValue : selector(emptyApi.getState())),
  );
}

/** Selectors must return a primitive or a reference kept in the state (not a new array or object per call). */
export function useCardStore<T>(selector: (state: CardStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().card, empty().card, selector, serverValue);
}
export function useShopStore<T>(selector: (state: ShopStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().shop, empty().shop, selector, serverValue);
}
export function useFavoritesStore<T>(selector: (state: FavoritesStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().favorites, empty().favorites, selector, serverValue);
}
export function useAuthStore<T>(selector: (state: AuthStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().auth, empty().auth, selector, serverValue);
}
export function useLocationStore<T>(selector: (state: LocationStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().location, empty().location, selector, serverValue);
}
export function useUiStore<T>(selector: (state: UiStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().ui, empty().ui, selector, serverValue);
}
