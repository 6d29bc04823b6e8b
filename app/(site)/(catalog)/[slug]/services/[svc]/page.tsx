import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { CatalogRoute } from '@/components/catalog/CatalogRoute';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { locationServiceParams, resolveCatalogPage } from '@/lib/content/catalog-pages';
import { catalogPageMetadata, pageMetadata } from '@/lib/seo/metadata';

export function generateStaticParams() {
  return locationServiceParams();
}

// Only the locations above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
// A service added since the build is rendered at its first view and kept; an address that names nothing the catalogue
// has is answered with the 404 document by server.mjs before this renders (missingCatalogPage).
export const unstable_paramMatching = { slug: 'not-found', svc: 'blocking' };

export async function generateMetadata({ params }: { params: Promise<{ slug: string; svc: string }> }): Promise<Metadata> {
  const { slug, svc } = await params;
  const page = resolveCatalogPage(svc, slug);
  if (!page) notFound();
  if (page.kind === 'retired') permanentRedirect(page.redirectTo);
  if (page.kind === 'favorites') return pageMetadata({ title: `Your favourites at ${page.location.name}`, description: 'The services you marked as favourites.', path: page.path, noindex: true });
  return catalogPageMetadata(page);
}

export default async function LocationServicesPage({ params }: { params: Promise<{ slug: string; svc: string }> }) {
  const { slug, svc } = await params;
  // A location's menu carries the salon's opening hours in its JSON-LD.
  await showsCatalog(CATALOG_TAGS.menu, CATALOG_TAGS.hours);
  return <CatalogRoute svc={svc} slug={slug} />;
}
