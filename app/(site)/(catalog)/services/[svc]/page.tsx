import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CatalogRoute } from '@/components/catalog/CatalogRoute';
import { resolveCatalogPage, serviceSegments } from '@/lib/content/catalog-pages';
import { catalogPageMetadata } from '@/lib/seo/metadata';

export function generateStaticParams() {
  return serviceSegments().map((svc) => ({ svc }));
}

// Only the values above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
export const unstable_paramMatching = { svc: 'not-found' };

export async function generateMetadata({ params }: { params: Promise<{ svc: string }> }): Promise<Metadata> {
  const { svc } = await params;
  const page = resolveCatalogPage(svc);
  if (!page) notFound();
  return page.kind !== 'favorites' ? catalogPageMetadata(page) : {};
}

export default async function ServicesPage({ params }: { params: Promise<{ svc: string }> }) {
  const { svc } = await params;
  return <CatalogRoute svc={svc} />;
}
