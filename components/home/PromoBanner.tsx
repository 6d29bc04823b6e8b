'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { promoDismissed } from '@/lib/content/promo-cookie';

/**
 * The spring laser sale banner on the home page. The page is prerendered for everyone, so whether the PromoSnackOpen
 * cookie hides it is decided in the browser, after hydration; the banner itself (PromoBannerContent.tsx) loads only
 * when it is to show, not with the page. If that load fails the page goes on without it. (Not React.lazy: its
 * Suspense boundary would reveal the banner on a timer, which a paused clock in the journeys never fires.)
 */
export function PromoBanner() {
  const [Banner, setBanner] = useState<ComponentType>();
  useEffect(() => {
    if (promoDismissed(document.cookie)) return;
    let current = true;
    import('./PromoBannerContent').then(
      (module) => {
        if (current) setBanner(() => module.default);
      },
      (error: unknown) => console.error('Could not load the promotion banner', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return Banner ? <Banner /> : null;
}
