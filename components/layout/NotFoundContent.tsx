import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';

export const notFoundMetadata: Metadata = {
  title: { absolute: 'Error 404 (Not Found)' },
  robots: { index: false, follow: false },
};

/**
 * The body of every 404 page. Each route group has a not-found.tsx that renders it inside the group's own frame
 * (prerendered or with the cookies read); the root one adds a light frame for addresses no route matches.
 */
export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Error 404 (Not Found)</h1>
      <p className="text-lg">We couldn&rsquo;t find that page. It may have moved, or the address may be mistyped.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href="/" className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Back to the home page
        </Link>
        <Link href="/services/" className="rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700">
          See the services
        </Link>
      </div>
    </div>
  );
}
