'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { promoDismissed } from '@/lib/content/promo-cookie';
import { bannerOn, newYorkDate, type HomeBanner } from '@/lib/marketing/banner-window';

type BannerContent = ComponentType<{ text: string; link: string }>;

/**
 * The owner's banner on the home page. The page is prerendered for everyone, and may have been rendered before
 * today began, so which banner shows (if any) is decided here in the browser by today's date in New York, from the
 * banners the page was rendered with (those not over then); whether the PromoSnackOpen cookie hides it likewise,
 * after hydration. The banner itself (PromoBannerContent.tsx) loads only when it is to show, not with the page; if
 * that load fails the page goes on without it. (Not React.lazy: its Suspense boundary would reveal the banner on a
 * timer, which a paused clock in the journeys never fires.)
 */
export function PromoBanner({ banners }: { banners: readonly HomeBanner[] }) {
  const [shown, setShown] = useState<{ Content: BannerContent; banner: HomeBanner }>();
  useEffect(() => {
    const banner = bannerOn(banners, newYorkDate(Date.now()));
    if (!banner || promoDismissed(document.cookie)) return;
    let current = true;
    import('./PromoBannerContent').then(
      (module) => {
        if (current) setShown({ Content: module.default, banner });
      },
      (error: unknown) => console.error('Could not load the promotion banner', error),
    );
    return () => {
      current = false;
    };
  }, [banners]);
  return shown ? <shown.Content text={shown.banner.text} link={shown.banner.link} /> : null;
}
