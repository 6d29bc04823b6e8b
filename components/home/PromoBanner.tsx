'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { PROMO_AUTO_HIDE_MS, PROMO_HREF, PROMO_TEXT, promoCookie, promoDismissed } from '@/lib/content/promo';

/**
 * The spring laser sale banner. Fixed at the bottom, so appearing after hydration moves nothing; the page is
 * prerendered for everyone, so whether the PromoSnackOpen cookie hides it is decided in the browser.
 */
export function PromoBanner() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (promoDismissed(document.cookie)) return;
    // Shown once the page is interactive; the effect runs only in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpen(true);
    const timer = window.setTimeout(() => hide(), PROMO_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  function hide() {
    document.cookie = promoCookie(window.location.protocol === 'https:');
    setOpen(false);
  }

  if (!open) return null;
  return (
    <div role="region" aria-label="Promotion" className="fixed inset-x-0 bottom-4 z-40 mx-auto flex w-[min(40rem,calc(100%-2rem))] items-center gap-3 rounded-xl bg-ink px-4 py-3 text-white shadow-lg">
      <p className="flex-1 text-sm">
        <strong>{PROMO_TEXT}.</strong>{' '}
        <Link href={PROMO_HREF} onClick={hide} className="underline">
          See the offers
        </Link>
      </p>
      <button type="button" onClick={hide} className="rounded-full px-3 py-1 text-sm font-semibold hover:bg-white/10">
        Dismiss<span className="sr-only"> the promotion</span>
      </button>
    </div>
  );
}
