'use client';

import { useLayoutEffect } from 'react';
import type { SavedStateReading } from '@/lib/persistence/state';
import { fillStores } from './fill';
import { usePersistenceGate, useStoreApis } from '../provider';

/**
 * For pages whose islands read or write the saved state as they mount (booking, checkout, account): the stores are
 * filled in a layout effect, before any island's passive effect runs, from what the server read of the cookies for
 * this request (`saved`), so the cookie codecs and zod stay out of the page's first script. The gate opens for
 * reading; writes wait until the cookie code has loaded and bound the saving (boot.ts), which merges with whatever
 * another tab wrote since the server's reading, as a tab does with another tab's write.
 */
export function LoadSavedStateNow({ saved }: { saved: SavedStateReading }) {
  const stores = useStoreApis();
  const gate = usePersistenceGate();
  useLayoutEffect(() => {
    if (gate.loaded) return;
    fillStores(stores, saved, { byServer: true });
    // The provider's effect, which runs next, starts the boot at once: the gate has nothing to ask it for.
    gate.openForReading(() => {});
  }, [stores, gate, saved]);
  return null;
}
