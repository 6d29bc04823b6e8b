'use client';

import { PageErrorContent, homeLinkClass, type PageErrorContentProps } from './PageErrorContent';
import { SITE_NAME } from '@/lib/site';

/**
 * What app/global-error.tsx shows in its document once this has loaded: the title, the site's name and the page error
 * message (React puts the <title> and <meta> into the head). A plain link reloads the home page rather than a client
 * navigation through the broken tree.
 */
export function GlobalErrorBody({ error, retry }: Omit<PageErrorContentProps, 'homeLink'>) {
  return (
    <div className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
      <title>{`Something went wrong | ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <header className="border-b border-brand-100 px-4 py-3">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, not a client navigation */}
        <a href="/" className="text-lg font-bold text-brand-700">
          {SITE_NAME}
        </a>
      </header>
      <main className="flex-1">
        <PageErrorContent
          error={error}
          retry={retry}
          homeLink={
            // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, not a client navigation
            <a href="/" className={homeLinkClass}>
              Back to the home page
            </a>
          }
        />
      </main>
    </div>
  );
}
