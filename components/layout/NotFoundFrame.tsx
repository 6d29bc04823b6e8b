import Link from 'next/link';
import type { ReactNode } from 'react';
import { FOOTER_COLUMNS, MAIN_LINKS } from './site-nav';
import { SALON_PHONE, SALON_PHONE_DISPLAY, SITE_NAME } from '@/lib/site';

/**
 * The header and footer of the 404 document (app/global-not-found.tsx), drawn on the server only: the logo home,
 * the main links, the phone number and the footer's links, without the header's islands (drawers, badges).
 * Next.js bundles every client component of the 404 document with the root layout's, for every page, so this frame
 * holds none but Link, which the root layout's chunk already carries.
 */
export function NotFoundFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main-not-found" className="skip-link">
        Skip to main content
      </a>
      <header className="sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <Link href="/" className="flex shrink-0 items-center gap-2 rounded font-bold text-brand-700">
            <span aria-hidden="true" className="logo-mark" />
            <span className="text-lg leading-tight">{SITE_NAME}</span>
          </Link>
          <nav aria-label="Main" className="sm:ml-6">
            <ul className="flex gap-5 text-sm font-semibold">
              {MAIN_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="rounded px-1 py-2 text-ink hover:text-brand-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <a href={`tel:${SALON_PHONE}`} className="ml-auto rounded px-1 py-2 text-sm font-semibold text-brand-700">
            {SALON_PHONE_DISPLAY}
          </a>
        </div>
      </header>
      <main id="main-not-found" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="mt-16 bg-brand-800 text-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={`${column.heading} links`}>
              <h2 className="text-sm font-bold uppercase tracking-wide">{column.heading}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} prefetch={false} className="foot-link">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mx-auto max-w-6xl border-t border-white/20 px-4 py-6 text-sm">© {SITE_NAME}. Four salons in New York City.</p>
      </footer>
    </>
  );
}
