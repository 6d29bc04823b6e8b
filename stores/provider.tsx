'use client';

import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { createAppStores, type AppStores } from './create-stores';
import { bootSavedState, importPersistence, type Persistence } from './saved-state/boot';
import { createPersistenceGate, type PersistenceGate } from './saved-state/gate';
import type { AuthStore } from './auth-store';
import type { CardStore } from './card-store';
import type { FavoritesStore } from './favorites-store';
import type { ShopStore } from './shop-store';
import type { UiStore } from './ui-store';

interface StoresContextValue {
  stores: AppStores;
  gate: PersistenceGate;
}

const StoresContext = createContext<StoresContextValue | null>(null);

export { SAVED_STATE_FAILED, type Persistence } from './saved-state/boot';

/**
 * Creates the stores once per browser tab (and once per server render, never shared between requests). They start
 * empty, as on the server, so the server HTML, the hydration and the first client render agree; in the browser the
 * saved state arrives from the cookies right after hydration (stores/saved-state/README.md). Until then the header
 * shows what the first-paint script read (lib/persistence/first-paint.ts), and a page rendered per request may pass
 * what its server read (`serverValue`, the booking page's card). Given stores count as filled. `loadCode` lets
 * tests decide when the cookie code arrives.
 */
export function StoresProvider({
  children,
  stores: given,
  loadCode = importPersistence,
}: {
  children: ReactNode;
  stores?: AppStores;
  loadCode?: () => Promise<Persistence>;
}) {
  const [value] = useState<StoresContextValue>(() => ({
    stores: given ?? createAppStores(),
    gate: createPersistenceGate(given !== undefined || typeof window === 'undefined'),
  }));
  // Whether the browser had no saved state at hydration; kept for an effect that runs again (Strict Mode).
  const startedBlank = useRef(false);
  useEffect(() => bootSavedState(value.stores, value.gate, given, loadCode, startedBlank), [value, loadCode, given]);
  return <StoresContext value={value}>{children}</StoresContext>;
}

let emptyStores: AppStores | undefined;
/** Read-only empty stores: the server snapshot of hooks without a server value. Never written to. */
function empty(): AppStores {
  emptyStores ??= createAppStores();
  return emptyStores;
}

function useStoresContext(): StoresContextValue {
  const value = useContext(StoresContext);
  if (!value) throw new Error('Store hooks must be used inside <StoresProvider>');
  return value;
}

export function useStoreApis(): AppStores {
  return useStoresContext().stores;
}

export function usePersistenceGate(): PersistenceGate {
  return useStoresContext().gate;
}

/**
 * Wraps an event handler that reads or writes the persisted stores: a click that comes before the saved state waits
 * for it instead of acting on empty stores (which the saved state would then overwrite).
 */
export function useWhenLoaded(): (action: () => void) => void {
  return useStoresContext().gate.whenLoaded;
}

/** useWhenLoaded for one button: `waiting` while a tap of it waits for the saved state (for its aria-busy). */
export function useWaitingTap(): { run: (action: () => void) => void; waiting: boolean } {
  const whenLoaded = useWhenLoaded();
  const [waiting, setWaiting] = useState(false);
  function run(action: () => void) {
    let ran = false;
    whenLoaded(() => {
      ran = true;
      setWaiting(false);
      action();
    });
    if (!ran) setWaiting(true);
  }
  return { run, waiting };
}

function useSlice<S, T>(api: StoreApi<S>, emptyApi: StoreApi<S>, selector: (state: S) => T, serverValue: T | undefined, gate: PersistenceGate | null): T {
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribeStore = api.subscribe(listener);
      const unsubscribeGate = gate?.subscribe(listener);
      return () => {
        unsubscribeStore();
        unsubscribeGate?.();
      };
    },
    [api, gate],
  );
  return useSyncExternalStore(
    subscribe,
    () => (gate && !gate.loaded && serverValue !== undefined ? serverValue : selector(api.getState())),
    () => (serverValue !== undefined ? serverValue : selector(emptyApi.getState())),
  );
}

/** Selectors must return a primitive or a reference kept in the state (not a new array or object per call). */
export function useCardStore<T>(selector: (state: CardStore) => T, serverValue?: T): T {
  const { stores, gate } = useStoresContext();
  return useSlice(stores.card, empty().card, selector, serverValue, gate);
}
export function useShopStore<T>(selector: (state: ShopStore) => T, serverValue?: T): T {
  const { stores, gate } = useStoresContext();
  return useSlice(stores.shop, empty().shop, selector, serverValue, gate);
}
export function useFavoritesStore<T>(selector: (state: FavoritesStore) => T, serverValue?: T): T {
  const { stores, gate } = useStoresContext();
  return useSlice(stores.favorites, empty().favorites, selector, serverValue, gate);
}
export function useAuthStore<T>(selector: (state: AuthStore) => T, serverValue?: T): T {
  const { stores, gate } = useStoresContext();
  return useSlice(stores.auth, empty().auth, selector, serverValue, gate);
}
/** The UI store is not saved, so it is live from the start. */
export function useUiStore<T>(selector: (state: UiStore) => T, serverValue?: T): T {
  return useSlice(useStoreApis().ui, empty().ui, selector, serverValue, null);
}

/** Whether the stores hold the saved state yet (false on the server and while hydrating a prerendered page). */
export function useSavedStateLoaded(): boolean {
  const gate = usePersistenceGate();
  return useSyncExternalStore(
    gate.subscribe,
    () => gate.loaded,
    () => false,
  );
}
