'use client';

import { useEffect, type ReactNode } from 'react';
import { SalonPhoneLink } from '@/components/ui/SalonPhoneLink';

export const homeLinkClass = 'rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700';

export interface PageErrorContentProps {
  error: Error & { digest?: string };
  /** Next.js's retry: fetches the page's server part again and re-renders it. */
  retry: () => void;
  /** The way back to the home page, styled with `homeLinkClass`. */
  homeLink: ReactNode;
}

/**
 * What a failed page shows: the error goes to the console (the server logged its own), the visitor gets a way to try
 * again, the home page and the phone number. Without next/link, so app/global-error.tsx (loaded on every page) does not
 * carry a second copy of it.
 */
export function PageErrorContent({ error, retry, homeLink }: PageErrorContentProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p role="alert" className="text-lg">
        This page could not be loaded. Please try again in a moment, or call us at{' '}
        <SalonPhoneLink />.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={retry} className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Try again
        </button>
        {homeLink}
      </div>
    </div>
  );
}
