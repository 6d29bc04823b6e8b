'use client';

import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { hasSavedStateCookie, TAB_CHANNEL } from '@/lib/persistence/cookies';
import { createAppStores, type AppStores } from './create-stores';
import { createPersistenceGate, type PersistenceGate } from './persistence-gate';
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

export type Persistence = typeof import('./cookie-persistence');
const importPersistence = () => import('./cookie-persistence');
const loading = new WeakMap<AppStores, Promise<Persistence | undefined>>();

export const SAVED_STATE_FAILED = 'Your saved booking cart, favourites and shopping cart could not be loaded. Please reload the page.';

/**
 * Loads the cookie codecs (and zod) once per set of stores. Undefined when the code could not be loaded: the person
 * is told, the gate stays shut and nothing overwrites the saved cookies.
 */
function loadPersistence(stores: AppStores, load: () => Promise<Persistence>): Promise<Persistence | undefined> {
  let promise = loading.get(stores);
  if (!promise) {
    promise = load().catch((error: unknown) => {
      console.error('Could not load the cookie persistence code', error);
      stores.ui.getState().notify({ variant: 'error', message: SAVED_STATE_FAILED, duration: 0 });
      return undefined;
    });
    loading.set(stores, promise);
  }
  return promise;
}

/**
 * Creates the stores once per browser tab (and once per server render, never shared between requests). They start
 * empty, as on the server, so the server HTML, the hydration and the first client render agree; in the browser the
 * saved state arrives from the cookies right after hydration (see persistence-gate.ts). Until then the header shows
 * what the first-paint script read (lib/persistence/first-paint.ts), and a page rendered per request may pass what
 * its server read (`serverValue`, the booking page's card). Given stores count as filled. `loadCode` lets
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
  useEffect(() => {
    let active = true;
    let unbind: (() => void) | undefined;
    if (startedBlank.current || (given === undefined && !value.gate.loaded && !hasSavedStateCookie(document.cookie))) {
      startedBlank.current = true;
      // Nothing saved in this browser: the empty stores are the saved state, so they count as loaded now. The cookie
      // code (zod with it) loads when something is to be saved: writes wait for it as they would at first load.
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        stopWatching();
        void loadPersistence(value.stores, loadCode).then((persistence) => {
          if (!active || !persistence) return;
          unbind = persistence.bindCookiePersistence(value.stores, { startedBlank: true });
          value.gate.open();
        });
      };
      const stopWatching = watchForSavedStateNeeds(value.stores, start);
      value.gate.openForReading(start);
      return () => {
        active = false;
        stopWatching();
        unbind?.();
      };
    }
    void loadPersistence(value.stores, loadCode).then((persistence) => {
      if (!active || !persistence) return;
      if (!value.gate.loaded) persistence.fillFromCookies(value.stores);
      // Bound before the waiting actions run, so what they change is saved (and a sign-out removes BnpAuth).
      unbind = persistence.bindCookiePersistence(value.stores);
      value.gate.open();
    });
    return () => {
      active = false;
      unbind?.();
    };
  }, [value, loadCode, given]);
  return <StoresContext value={value}>{children}</StoresContext>;
}

/**
 * Calls `start` at the first sign that the cookie code is needed in a browser that had no saved state: a key press or
 * pointer press (usually just before a tap that saves something), a change to a saved store, a message from another
 * tab that saved something, or a return to the tab with saved state in the cookies. Returns the function that stops
 * watching.
 */
function watchForSavedStateNeeds(stores: AppStores, start: () => void): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TAB_CHANNEL);
  const unsubscribers = [stores.card, stores.favorites, stores.location, stores.shop, stores.auth].map((store) =>
    (store.subscribe as (listener: () => void) => () => void)(start),
  );
  const onVisible = () => {
    if (document.visibilityState === 'visible' && hasSavedStateCookie(document.cookie)) start();
  };
  channel?.addEventListener('message', start);
  window.addEventListener('pointerdown', start, true);
  window.addEventListener('keydown', start, true);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    channel?.close();
    window.removeEventListener('pointerdown', start, true);
    window.removeEventListener('keydown', start, true);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
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
