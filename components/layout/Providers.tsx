'use client';

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { StoresProvider } from '@/stores/provider';
import { CartDrawers } from '@/components/cart/CartDrawers';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { Questions } from '@/components/ui/Questions';
import { Snackbar } from '@/components/ui/Snackbar';
import { useHydrated } from '@/components/ui/use-hydrated';
import { watchHiddenPageIds } from './hidden-page-ids';

const Analytics = lazy(() => import('@vercel/analytics/next').then((module) => ({ default: module.Analytics })));

/**
 * The client stores for the whole app, with the drawers, the questions, the snackbar and the progress bar, and ids
 * kept unique while the router keeps pages hidden (hidden-page-ids.ts). `analytics` is true only where Vercel's script
 * can load (deployed on Vercel); it counts page views on route changes.
 */
export function Providers({ children, analytics = false }: { children: ReactNode; analytics?: boolean }) {
  // Vercel's script is added in the browser only.
  const inBrowser = useHydrated();
  // Above every page, so it is never hidden itself: it parks the ids of the pages the router keeps hidden.
  useEffect(() => watchHiddenPageIds(document), []);
  return (
    <StoresProvider>
      <ProgressBar />
      {children}
      <CartDrawers />
      <Questions />
      <Snackbar />
      {analytics && inBrowser ? (
        <Suspense fallback={null}>
          <Analytics />
        </Suspense>
      ) : null}
    </StoresProvider>
  );
}
