'use client';

import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '@/stores/provider';
import type { CheckoutDeps } from './checkout';

// React.lazy rather than next/dynamic: the drawers never render on the server (no drawer is open there), and
// next/dynamic's loader would be about 1 KB more first-load JavaScript on every page.
const Drawers = lazy(() => import('./Drawers'));

/** Loads the drawers (Radix Dialog and the catalogue names) on the first opening only. */
export function CartDrawers({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  const anyOpen = useUiStore((state) => state.drawers.shop || state.drawers.booking);
  const [needed, setNeeded] = useState(false);
  if (anyOpen && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Drawers onCheckout={onCheckout} />
    </Suspense>
  ) : null;
}
