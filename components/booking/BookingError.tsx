'use client';

import Link from '@/components/ui/AppLink';
import { useEffect } from 'react';

/** What a booking route shows when it fails: the cart is in a cookie, so trying again loses nothing. */
export function BookingError({ error, reset, title = 'Online booking' }: { error: Error & { digest?: string }; reset: () => void; title?: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-bold">{title}</h1>
      <div role="alert" className="rounded-xl bg-red-50 p-4">
        <p className="font-semibold">This page could not be loaded. Your booking cart is kept.</p>
        <div className="mt-3 flex gap-4">
          <button type="button" onClick={reset} className="font-semibold text-brand-700 underline">
            Try again
          </button>
          <Link href="/" className="font-semibold text-brand-700 underline">
            Back to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
