'use client';

import Link from '@/components/ui/AppLink';
import { useEffect, useState } from 'react';
import { PROMO_AUTO_HIDE_MS } from '@/lib/content/promo';
import { PROMO_COOKIE, PROMO_COOKIE_SECONDS } from '@/lib/content/promo-cookie';
import { writeMarkCookie } from '@/stores/saved-state/jar';

/**
 * The owner's banner, loaded by PromoBanner when one shows today and the PromoSnackOpen cookie does not hide it.
 * Fixed at the bottom, so appearing after hydration moves nothing. It hides itself after a few seconds or on a click;
 * not while the pointer is on it or the focus in it (a keyboard user reading it would lose their place), and those
 * seconds start again when they leave.
 */
export default function PromoBannerContent({ text, link }: { text: string; link: string }) {
  const [open, setOpen] = useState(true);
  const [held, setHeld] = useState({ focus: false, pointer: false });
  const isHeld = held.focus || held.pointer;

  useEffect(() => {
    if (isHeld) return;
    const timer = window.setTimeout(() => hide(), PROMO_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [isHeld]);

  function hide() {
    writeMarkCookie(PROMO_COOKIE, '1', PROMO_COOKIE_SECONDS);
    setOpen(false);
  }

  if (!open) return null;
  return (
    <div
      role="region"
      aria-label="Promotion"
      onFocus={() => setHeld((previous) => ({ ...previous, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld((previous) => ({ ...previous, focus: false }));
      }}
      onMouseEnter={() => setHeld((previous) => ({ ...previous, pointer: true }))}
      onMouseLeave={() => setHeld((previous) => ({ ...previous, pointer: false }))}
      className="promo-banner fixed inset-x-0 bottom-4 z-40 mx-auto flex w-[min(40rem,calc(100%-2rem))] items-center gap-3 rounded-xl bg-ink px-4 py-3 text-white shadow-lg">
      <p className="flex-1 text-sm">
        <strong>{text}</strong>
        {link ? (
          <>
            {' '}
            <Link href={link} onClick={hide} className="underline">
              See the offers
            </Link>
          </>
        ) : null}
      </p>
      <button type="button" onClick={hide} className="rounded-full px-3 py-1 text-sm font-semibold hover:bg-white/10">
        Dismiss<span className="sr-only"> the promotion</span>
      </button>
    </div>
  );
}
