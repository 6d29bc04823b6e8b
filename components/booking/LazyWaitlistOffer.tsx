'use client';

import { lazy, Suspense, useContext } from 'react';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { WaitlistContext, type WaitlistWish } from './waitlist-context';

// Offered only under a day without a time: its code loads when such a day shows, not with the page.
const WaitlistOffer = lazy(() => import('./WaitlistOffer').then((module) => ({ default: module.WaitlistOffer })));

/** The waitlist offer where the page offers it (WaitlistProvider), with a box of its size while its code loads. */
export function LazyWaitlistOffer({ wish }: { wish: WaitlistWish }) {
  const setting = useContext(WaitlistContext);
  if (!setting) return null;
  return (
    <Suspense
      fallback={
        <div className={`mt-3 rounded-lg border border-brand-100 bg-white p-3 text-sm ${setting.signedIn ? 'min-h-[6.75rem]' : 'min-h-[4.25rem]'}`}>
          <LoadingStatus>Loading the waitlist…</LoadingStatus>
        </div>
      }
    >
      <WaitlistOffer wish={wish} />
    </Suspense>
  );
}
