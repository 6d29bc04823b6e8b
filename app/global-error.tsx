'use client';

import { useEffect } from 'react';
import { SALON_PHONE, SALON_PHONE_DISPLAY, SITE_NAME } from '@/lib/site';
import './globals.css';

/**
 * When the root layout itself fails, this replaces the whole document, without the stores or the frame (they may be
 * what failed). A plain link reloads the home page rather than a client navigation through the broken tree.
 */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <title>{`Something went wrong | ${SITE_NAME}`}</title>
        <meta name="robots" content="noindex" />
        <header className="border-b border-brand-100 px-4 py-3">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, not a client navigation */}
          <a href="/" className="text-lg font-bold text-brand-700">
            {SITE_NAME}
          </a>
        </header>
        <main className="mx-auto flex max-w-xl flex-1 flex-col items-center gap-6 px-4 py-24 text-center">
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p role="alert" className="text-lg">
            This page could not be loaded. Please try again in a moment, or call us at{' '}
            <a href={`tel:${SALON_PHONE}`} className="font-semibold text-brand-700 underline">
              {SALON_PHONE_DISPLAY}
            </a>
            .
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <button type="button" onClick={retry} className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
              Try again
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, not a client navigation */}
            <a href="/" className="rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700">
              Back to the home page
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
