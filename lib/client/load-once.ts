/**
 * A module loaded with import() once, on first need: `load()` starts it (or returns the load under way), and a
 * failed load is forgotten so the next call tries again. `loaded()` is the module once it is in, for code that
 * should act at once rather than a tick later.
 */
export function loadOnce<T>(importer: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load() {
      pending ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
