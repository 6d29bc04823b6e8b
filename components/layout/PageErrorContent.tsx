'use client';

import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { SalonPhoneLink } from '@/components/ui/SalonPhoneLink';
import { currentRequestReference } from '@/lib/client/request-reference';

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
 * again, the home page and the phone number, and the request's id to quote (the server's log lines carry it). Without next/link, so app/global-error.tsx (loaded on every page) does not
 * carry a second copy of it.
 */
const noChanges = () => () => undefined;

export function PageErrorContent({ error, retry, homeLink }: PageErrorContentProps) {
  // Read once the page runs in the browser; none in the server's render.
  const reference = useSyncExternalStore(noChanges, currentRequestReference, () => undefined);
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
      {reference ? <p className="text-sm text-gray-600">Reference: {reference}</p> : null}
    </div>
  );
}
