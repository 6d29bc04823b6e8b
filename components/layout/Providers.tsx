'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { StoresProvider } from '@/stores/provider';
import { CartDrawers } from '@/components/cart/CartDrawers';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { Snackbar } from '@/components/ui/Snackbar';

const Analytics = dynamic(() => import('@vercel/analytics/next').then((module) => module.Analytics), { ssr: false });

/**
 * The client stores for the whole app, with the drawers, the snackbar and the progress bar. `analytics` is true only
 * where Vercel's script can load (deployed on Vercel); it counts page views on route changes.
 */
export function Providers({ children, analytics = false }: { children: ReactNode; analytics?: boolean }) {
  return (
    <StoresProvider>
      <ProgressBar />
      {children}
      <CartDrawers />
      <Snackbar />
      {analytics ? <Analytics /> : null}
    </StoresProvider>
  );
}
