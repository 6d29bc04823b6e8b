'use client';

import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import type { BookingSignIn as SignIn } from './BookingSignIn';

/**
 * The sign-in step's place while its code loads: the same region and heading (the next-step bar's link lands on it),
 * as tall as the e-mail step, so nothing below moves when the form replaces it.
 */
function SignInPlaceholder() {
  return (
    <section aria-labelledby="booking-signin" className="flex min-h-[25rem] flex-col gap-3 rounded-xl border border-brand-100 p-4 sm:min-h-[21rem]">
      <h2 id="booking-signin" className="scroll-mt-20 text-xl font-semibold">
        Sign in to book
      </h2>
      <LoadingStatus>Loading the sign-in…</LoadingStatus>
    </section>
  );
}

// React.lazy, as the cart drawers: it never renders on the server, and next/dynamic's loader is more script.
const BookingSignIn = lazy(() => import('./BookingSignIn').then((module) => ({ default: module.BookingSignIn })));

/**
 * The code sign-in, the passkey button and their schemas are a fifth of the booking page's script: they load when the
 * step comes near the screen, at the page's first tap or key, or at once when the page opens at the code step.
 */
export function LazyBookingSignIn(props: ComponentProps<typeof SignIn>) {
  const [wanted, setWanted] = useState(props.codeSent?.values.step === 'code');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    if (typeof IntersectionObserver === 'undefined') return want();
    const near = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), { rootMargin: '400px 0px' });
    if (place.current) near.observe(place.current);
    // After the tap has been answered and painted: loading and running the step's code in the tap's own frame made
    // the first day or time chosen slower to show (INP at 4x slowdown, scripts/bench/inp.mjs).
    let idle: number | undefined;
    const afterTap = () => {
      idle ??= typeof requestIdleCallback === 'function' ? requestIdleCallback(want, { timeout: 1000 }) : window.setTimeout(want, 200);
    };
    window.addEventListener('pointerdown', afterTap, { once: true, passive: true });
    window.addEventListener('keydown', afterTap, { once: true, passive: true });
    return () => {
      near.disconnect();
      window.removeEventListener('pointerdown', afterTap);
      window.removeEventListener('keydown', afterTap);
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : window.clearTimeout)(idle);
    };
  }, [wanted]);
  if (wanted) {
    return (
      <Suspense fallback={<SignInPlaceholder />}>
        <BookingSignIn {...props} />
      </Suspense>
    );
  }
  return (
    <div ref={place}>
      <SignInPlaceholder />
    </div>
  );
}
