'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
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

/**
 * Loads the drawers (Radix Dialog and the catalogue names) on the first opening only. A drawer asked for on one page
 * closes when another page opens: on a slow network its code can arrive after the customer has tapped on to another
 * page (Book now), where it would cover what they went to.
 */
export function CartDrawers({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  const stores = useStoreApis();
  const anyOpen = useUiStore((state) => state.drawers.shop || state.drawers.booking);
  const [needed, setNeeded] = useState(false);
  if (anyOpen && !needed) setNeeded(true);
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const ui = stores.ui.getState();
    if (ui.drawers.booking) ui.closeDrawer('booking');
    if (ui.drawers.shop) ui.closeDrawer('shop');
  }, [pathname, stores]);
  return needed ? (
    <Suspense fallback={<LoadingDrawers />}>
      <Drawers onCheckout={onCheckout} />
    </Suspense>
  ) : null;
}
