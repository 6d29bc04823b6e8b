import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { CatalogRoute } from '@/components/catalog/CatalogRoute';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { resolveCatalogPage, serviceSegments } from '@/lib/content/catalog-pages';
import { catalogPageMetadata } from '@/lib/seo/metadata';

export function generateStaticParams() {
  return serviceSegments().map((svc) => ({ svc }));
}

// A service added since the build is rendered at its first view and kept; an address that names nothing the catalogue
// has is answered with the 404 document by server.mjs before this renders (missingCatalogPage).
export const unstable_paramMatching = { svc: 'blocking' };

export async function generateMetadata({ params }: { params: Promise<{ svc: string }> }): Promise<Metadata> {
  const { svc } = await params;
  const page = resolveCatalogPage(svc);
  if (!page) notFound();
  if (page.kind === 'retired') permanentRedirect(page.redirectTo);
  return page.kind !== 'favorites' ? catalogPageMetadata(page) : {};
}

export default async function ServicesPage({ params }: { params: Promise<{ svc: string }> }) {
  const { svc } = await params;
  await showsCatalog(CATALOG_TAGS.menu);
  return <CatalogRoute svc={svc} />;
}
