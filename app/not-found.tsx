import { NotFoundContent, notFoundMetadata } from '@/components/layout/NotFoundContent';
import { Logo } from '@/components/layout/Header';
import { SITE_NAME } from '@/lib/site';

export const metadata = notFoundMetadata;

/**
 * Addresses no route matches (a mistyped path of several segments); notFound() in a page uses its group's
 * not-found.tsx and keeps the full frame. Only the root layout is above this one, and Next.js sends it in the payload
 * of every page, so its frame is a light one: the logo home, the 404 and its links, the name of the salon.
 */
export default function NotFound() {
  return (
    <>
      <a href="#main-not-found" className="skip-link">
        Skip to main content
      </a>
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <Logo />
        </div>
      </header>
      <main id="main-not-found" tabIndex={-1} className="flex-1 focus:outline-none">
        <NotFoundContent />
      </main>
      <footer className="bg-brand-800 px-4 py-6 text-center text-sm text-white">© {SITE_NAME}. Four salons in New York City.</footer>
    </>
  );
}
