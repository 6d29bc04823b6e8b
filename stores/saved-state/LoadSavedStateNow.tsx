'use client';

import { useLayoutEffect } from 'react';
import { fillFromCookies } from './persistence';
import { usePersistenceGate, useStoreApis } from '../provider';

/**
 * For pages whose islands read or write the saved state as they mount (booking, checkout, account): they import the
 * cookie codecs up front and fill the stores in a layout effect, before any island's passive effect runs. These
 * pages are rendered per request, so the extra first-load JavaScript is not a catalogue page's.
 */
export function LoadSavedStateNow() {
  const stores = useStoreApis();
  const gate = usePersistenceGate();
  useLayoutEffect(() => {
    if (gate.loaded) return;
    fillFromCookies(stores);
    gate.open();
  }, [stores, gate]);
  return null;
}
