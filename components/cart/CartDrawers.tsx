'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CatalogSnapshot } from '@/lib/catalog/snapshot';
import { useStoreApis, useUiStore } from '@/stores/provider';
import type { CheckoutDeps } from './checkout';

/**
 * Lays the catalogue's published changes over the seed the drawers' code carries (lib/catalog/live-overlay.ts); the
 * drawers then show the seed's names and prices if that fails (it is said on the console).
 */
async function followCatalog(): Promise<CatalogSnapshot | undefined> {
  try {
    const { followLiveCatalog } = await import('@/lib/catalog/live-overlay');
    return await followLiveCatalog();
  } catch (error) {
    console.error('Could not load the latest names and prices of the catalogue', error);
    return undefined;
  }
}

// React.lazy rather than next/dynamic: the drawers never render on the server (no drawer is open there), and
// next/dynamic's loader would be about 1 KB more first-load JavaScript on every page. They show the published catalogue
// from their first opening: the code waits for its changes too.
let drawersLoaded = false;
const Drawers = lazy(() =>
  Promise.all([import('./Drawers'), followCatalog()]).then(([module]) => {
    drawersLoaded = true;
    return module;
  }),
);

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
 * Loads the drawers (Radix Dialog and the catalogue names) on the first opening only, with the catalogue's published
 * changes. A drawer asked for on one page closes when another page opens: on a slow network its code can arrive after
 * the customer has tapped on to another page (Book now), where it would cover what they went to.
 */
export function CartDrawers({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  const stores = useStoreApis();
  const anyOpen = useUiStore((state) => state.drawers.shop || state.drawers.booking);
  const [needed, setNeeded] = useState(false);
  if (anyOpen && !needed) setNeeded(true);
  // Each opening once the drawers' code is in asks for the catalogue's changes again (at most every 10 s), and shows a
  // new one (the first opening waits for them with the code).
  const [, setCatalog] = useState<CatalogSnapshot>();
  useEffect(() => {
    if (!anyOpen || !drawersLoaded) return;
    let current = true;
    void followCatalog().then((catalog) => {
      if (current && catalog) setCatalog(catalog);
    });
    return () => {
      current = false;
    };
  }, [anyOpen]);
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
