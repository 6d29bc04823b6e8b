import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CatalogRoute } from '@/components/catalog/CatalogRoute';
import { resolveCatalogPage, serviceSegments } from '@/lib/content/catalog-pages';
import { catalogPageMetadata } from '@/lib/seo/metadata';

export function generateStaticParams() {
  return serviceSegments().map((svc) => ({ svc }));
}

export async function generateMetadata({ params }: { params: Promise<{ svc: string }> }): Promise<Metadata> {
  const { svc } = await params;
  const page = resolveCatalogPage(svc);
  // Unknown: the 404 page with its own title (metadata resolves before the page's own notFound()).
  if (!page) notFound();
  return page.kind !== 'favorites' ? catalogPageMetadata(page) : {};
}

export default async function ServicesPage({ params }: { params: Promise<{ svc: string }> }) {
  const { svc } = await params;
  return <CatalogRoute svc={svc} />;
}
