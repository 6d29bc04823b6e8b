'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { promoDismissed } from '@/lib/content/promo-cookie';

/** The banner's code loads only when it is to show; if that load fails the page goes on without it. */
const loadPromoBanner = () =>
  import('./PromoBannerContent').catch((error: unknown) => {
    console.error('Could not load the promotion banner', error);
    return { default: () => null };
  });

const PromoBannerContent = lazy(loadPromoBanner);

/**
 * The spring laser sale banner on the home page. The page is prerendered for everyone, so whether the PromoSnackOpen
 * cookie hides it is decided in the browser, after hydration; the banner itself (PromoBannerContent.tsx) is not in
 * the page's first load.
 */
export function PromoBanner() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    // The effect runs only in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!promoDismissed(document.cookie)) setShow(true);
  }, []);
  return show ? (
    <Suspense fallback={null}>
      <PromoBannerContent />
    </Suspense>
  ) : null;
}
