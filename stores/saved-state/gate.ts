/**
 * Whether the stores hold the saved state yet. A prerendered page starts with empty stores and fills them from the
 * cookies after hydration (the cookie codecs and zod load then); until it opens, writes wait and the personal
 * islands keep showing what the server read from the cookies.
 */
export interface PersistenceGate {
  readonly loaded: boolean;
  /** Runs `action` at once when the saved state is in, otherwise as soon as it is, in the order of the calls. */
  whenLoaded: (action: () => void) => void;
  /** Called once when the gate opens. */
  subscribe: (listener: () => void) => () => void;
  open: () => void;
  /**
   * For a browser with no saved state: the stores' state is known (empty), so `loaded` turns true and listeners are
   * told, but writes keep waiting until open(); `needed` is called when one starts to wait.
   */
  openForReading: (needed: () => void) => void;
}

export function createPersistenceGate(loaded = false): PersistenceGate {
  let isLoaded = loaded;
  let writable = loaded;
  let needed: (() => void) | undefined;
  const waiting: (() => void)[] = [];
  const listeners = new Set<() => void>();
  const markLoaded = () => {
    if (isLoaded) return;
    isLoaded = true;
    listeners.forEach((listener) => listener());
  };
  return {
    get loaded() {
      return isLoaded;
    },
    whenLoaded(action) {
      if (writable) return action();
      waiting.push(action);
      needed?.();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openForReading(onNeeded) {
      if (writable) return;
      needed = onNeeded;
      markLoaded();
      if (waiting.length > 0) onNeeded();
    },
    open() {
      if (writable) return;
      writable = true;
      needed = undefined;
      markLoaded();
      // One failing action must not keep the ones after it from running; its error is rethrown on its own, as an
      // event handler's error would be.
      for (const action of waiting.splice(0)) {
        try {
          action();
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
