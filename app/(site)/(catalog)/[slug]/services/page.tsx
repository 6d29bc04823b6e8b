import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { notFound } from 'next/navigation';
import { ServicesIndex } from '@/components/catalog/ServicesIndex';
import { showsCatalog } from '@/lib/catalog/cached';
import { offersAnything } from '@/lib/catalog/catalog';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { SALON_LOCATIONS, salonLocationBySlug } from '@/lib/content/locations';
import { pageMetadata } from '@/lib/seo/metadata';

export function generateStaticParams() {
  return SALON_LOCATIONS.map((location) => ({ slug: location.slug }));
}

// Only the values above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
export const unstable_paramMatching = { slug: 'not-found' };

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const location = salonLocationBySlug((await params).slug);
  if (!location) notFound();
  return pageMetadata({
    title: `Services at ${location.name}`,
    description: `The service menu of our ${location.name} salon at ${location.street}: prices and durations, bookable online.`,
    path: `/${location.slug}/services/`,
    noindex: !offersAnything(location.id),
  });
}

export default async function LocationServicesIndex({ params }: { params: Promise<{ slug: string }> }) {
  await showsCatalog(CATALOG_TAGS.menu);
  const location = salonLocationBySlug((await params).slug);
  if (!location) notFound();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Services at {location.name}</h1>
      <p className="mt-2">
        {location.street}, {location.locality}.{' '}
        <Link href={`/${location.slug}/`} className="text-brand-700 underline">
          Opening hours and directions
        </Link>
      </p>
      {offersAnything(location.id) ? null : (
        <p className="mt-4 rounded-xl bg-brand-50 p-4" role="status">
          Nothing can be booked online at {location.name} yet: call {location.phoneDisplay} or book at{' '}
          <Link href="/soho/services/" className="font-semibold text-brand-700 underline">
            SoHo
          </Link>
          .
        </p>
      )}
      <div className="mt-6">
        <ServicesIndex location={location} locationSlug={location.slug} />
      </div>
    </div>
  );
}
