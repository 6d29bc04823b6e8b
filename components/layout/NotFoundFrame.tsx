import type { ReactNode } from 'react';
import { FooterColumns } from './FooterColumns';
import { FrameLink } from './FrameLink';
import { MainLinks } from './SiteLinks';
import { SALON_PHONE, SALON_PHONE_DISPLAY, SITE_NAME } from '@/lib/site';

/**
 * The header and footer of the 404 document (app/global-not-found.tsx), drawn on the server only: the logo home,
 * the main links, the phone number and the footer's links, without the header's islands (drawers, badges).
 * Next.js bundles every client component of the 404 document with the root layout's, for every page, so this frame
 * holds none. Its links are plain: the App Router does not navigate out of this document (FrameLink).
 */
export function NotFoundFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main-not-found" className="skip-link">
        Skip to main content
      </a>
      <header className="sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <FrameLink mode="document" href="/" className="logo">
            <span aria-hidden="true" className="logo-mark" />
            {/* As in the page header: the name beside the mark from the small breakpoint up, for screen readers always. */}
            <span className="sr-only text-lg leading-tight sm:not-sr-only">{SITE_NAME}</span>
          </FrameLink>
          {/* On a phone the links take a line of their own under the logo and the phone number. */}
          <MainLinks links="document" className="order-last w-full sm:order-none sm:ml-6 sm:w-auto" />
          <a href={`tel:${SALON_PHONE}`} className="ml-auto rounded px-1 py-2 text-sm font-semibold text-brand-700">
            {SALON_PHONE_DISPLAY}
          </a>
        </div>
      </header>
      <main id="main-not-found" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="site-foot">
        <FooterColumns links="document" />
        <p className="mx-auto max-w-6xl border-t border-white/20 px-4 py-6 text-sm">© {SITE_NAME}. Four salons in New York City.</p>
      </footer>
    </>
  );
}
