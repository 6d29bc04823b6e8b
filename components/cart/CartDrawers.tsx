'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useStoreApis, useUiStore } from '@/stores/provider';
import type { CheckoutDeps } from './checkout';

// React.lazy rather than next/dynamic: the drawers never render on the server (no drawer is open there), and
// next/dynamic's loader would be about 1 KB more first-load JavaScript on every page.
const Drawers = lazy(() => import('./Drawers'));

/** While the drawers' code loads (a second on a slow network, the first time only): the page's progress bar. */
function LoadingDrawers() {
  const stores = useStoreApis();
  useEffect(() => {
    stores.ui.getState().startProgress();
    return () => stores.ui.getState().endProgress();
  }, [stores]);
  return null;
}

/** Loads the drawers (Radix Dialog and the catalogue names) on the first opening only. */
export function CartDrawers({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  const anyOpen = useUiStore((state) => state.drawers.shop || state.drawers.booking);
  const [needed, setNeeded] = useState(false);
  if (anyOpen && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={<LoadingDrawers />}>
      <Drawers onCheckout={onCheckout} />
    </Suspense>
  ) : null;
}
