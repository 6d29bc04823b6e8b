import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False in the server's HTML and while hydrating, true after: what only the browser can show comes after hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
