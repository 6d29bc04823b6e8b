import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SpecialsView } from '@/components/catalog/SpecialsView';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { resolveSpecialsPage, specialsParams } from '@/lib/content/catalog-pages';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ filter?: string[] }> };

export function generateStaticParams() {
  return specialsParams();
}

// Only the values above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
export const unstable_paramMatching = { filter: 'not-found' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = resolveSpecialsPage((await params).filter);
  if (!page) notFound();
  return pageMetadata({ title: page.title, description: page.description, path: page.canonicalPath });
}

export default async function SpecialsRoute({ params }: Props) {
  await showsCatalog(CATALOG_TAGS.menu);
  const page = resolveSpecialsPage((await params).filter);
  if (!page) notFound();
  return <SpecialsView page={page} />;
}
