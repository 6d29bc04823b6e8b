import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CatalogRoute } from '@/components/catalog/CatalogRoute';
import { locationServiceParams, resolveCatalogPage } from '@/lib/content/catalog-pages';
import { catalogPageMetadata, pageMetadata } from '@/lib/seo/metadata';

export function generateStaticParams() {
  return locationServiceParams();
}

// Only the values above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
export const unstable_paramMatching = { slug: 'not-found', svc: 'not-found' };

export async function generateMetadata({ params }: { params: Promise<{ slug: string; svc: string }> }): Promise<Metadata> {
  const { slug, svc } = await params;
  const page = resolveCatalogPage(svc, slug);
  if (!page) notFound();
  if (page.kind === 'favorites') return pageMetadata({ title: `Your favourites at ${page.location.name}`, description: 'The services you marked as favourites.', path: page.path, noindex: true });
  return catalogPageMetadata(page);
}

export default async function LocationServicesPage({ params }: { params: Promise<{ slug: string; svc: string }> }) {
  const { slug, svc } = await params;
  return <CatalogRoute svc={svc} slug={slug} />;
}
