'use client';

import { useState } from 'react';
import { loadOnce } from '@/lib/client/load-once';
import { useStoreApis } from '@/stores/provider';
import { MenuIcon } from '@/components/ui/icons';
import { LinkUntilHydrated } from '@/components/ui/LinkUntilHydrated';
import { useHydrated } from '@/components/ui/use-hydrated';

export const MENU_FAILED = 'The menu could not be loaded. Please check your connection and try again.';

// The drawer (its dialog and links) loads on the first press: it needs scripts to open anyway, so it is neither in
// every page's HTML nor in its first-load JavaScript.
const drawer = loadOnce(() => import('./NavDrawerDialog'));

/**
 * The narrow-screen menu button. A press opens the drawer (NavDrawerDialog); the first one loads it, and the button
 * says it is busy until the drawer opens. A failed load says so, and the next press tries again. Before the page's
 * scripts run (and without them) it is a link to the site map, which links every page.
 */
export function NavDrawer() {
  const stores = useStoreApis();
  const hydrated = useHydrated();
  const [Dialog, setDialog] = useState(() => drawer.loaded()?.NavDrawerDialog);
  // The path to come back to after signing in, read when the drawer opens: a URL hook would keep pages from being
  // prerendered. Undefined while the drawer is closed.
  const [returnPath, setReturnPath] = useState<string>();

  function open() {
    // A second press while the drawer loads waits with the first.
    if (returnPath !== undefined && !Dialog) return;
    setReturnPath(window.location.pathname);
    if (Dialog) return;
    drawer.load().then(
      (module) => setDialog(() => module.NavDrawerDialog),
      (error: unknown) => {
        console.error('Could not load the menu', error);
        setReturnPath(undefined);
        stores.ui.getState().notify({ variant: 'error', message: MENU_FAILED });
      },
    );
  }

  return (
    <div className="md:hidden">
      <LinkUntilHydrated
        href="/site-map/"
        onPress={open}
        buttonAria={{ 'aria-haspopup': 'dialog', 'aria-busy': (returnPath !== undefined && !Dialog) || undefined }}
        className="hdr-menu"
      >
        <MenuIcon />
        <span className="sr-only">{hydrated ? 'Open menu' : 'Menu: every page of the site'}</span>
      </LinkUntilHydrated>
      {Dialog && returnPath !== undefined ? <Dialog returnPath={returnPath} onClose={() => setReturnPath(undefined)} /> : null}
    </div>
  );
}
