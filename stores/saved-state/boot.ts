import { hasSavedStateCookie, TAB_CHANNEL } from '@/lib/persistence/cookies';
import type { AppStores } from '../create-stores';
import type { PersistenceGate } from './gate';

/**
 * The one boot path of the saved state in a browser tab (README.md beside this file has its state diagram): load the
 * cookie code, fill the stores from the cookies unless they are filled already, bind the saving, open the gate. What
 * differs is only when it starts: at once when the browser has saved state, at the first sign of need when it has
 * none (the empty stores are then its saved state, so the gate opens for reading at once).
 */

export type Persistence = typeof import('./persistence');
export const importPersistence = () => import('./persistence');
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
 * Boots the saved state after hydration; returns the function that undoes it (an effect's cleanup). `given`: stores a
 * caller gave (tests, a server render), which count as filled. `startedBlank`: whether the browser had no saved state
 * at hydration, kept by the caller for an effect that runs again (Strict Mode). Positional, as every page's first
 * script carries this call: property names would not be minified.
 */
export function bootSavedState(
  stores: AppStores,
  gate: PersistenceGate,
  given: AppStores | undefined,
  loadCode: () => Promise<Persistence>,
  startedBlank: { current: boolean },
): () => void {
  let active = true;
  let started = false;
  let unbind: (() => void) | undefined;
  let stopWatching = () => {};
  const start = () => {
    if (started) return;
    started = true;
    stopWatching();
    void loadPersistence(stores, loadCode).then((persistence) => {
      if (!active || !persistence) return;
      // LoadSavedStateNow (the personal pages) may have filled the stores already; a blank browser has nothing to fill.
      if (!gate.loaded) persistence.fillFromCookies(stores);
      // Bound before the waiting actions run, so what they change is saved (and a sign-out removes BnpAuth).
      unbind = persistence.bindCookiePersistence(stores, { startedBlank: startedBlank.current });
      gate.open();
    });
  };
  if (startedBlank.current || (given === undefined && !gate.loaded && !hasSavedStateCookie(document.cookie))) {
    startedBlank.current = true;
    // Nothing saved in this browser: the empty stores are the saved state, so they count as loaded now. The cookie
    // code (zod with it) loads when something is to be saved: writes wait for it as they would at first load.
    stopWatching = watchForSavedStateNeeds(stores, start);
    gate.openForReading(start);
  } else {
    start();
  }
  return () => {
    active = false;
    stopWatching();
    unbind?.();
  };
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
