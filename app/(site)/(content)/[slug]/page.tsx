import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentRoute } from '@/components/content/ContentRoute';
import { allContentPages, contentPage } from '@/lib/content/pages';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ slug: string }> };

export function generateStaticParams() {
  return allContentPages().map((page) => ({ slug: page.slug }));
}

// Only the values above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
export const unstable_paramMatching = { slug: 'not-found' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = contentPage((await params).slug);
  if (!page) notFound();
  return pageMetadata({ title: page.title, description: page.description, path: `/${page.slug}/`, type: page.kind === 'tips' || page.kind === 'how' ? 'article' : 'website' });
}

export default async function ContentPageRoute({ params }: Props) {
  const page = contentPage((await params).slug);
  if (!page) notFound();
  return <ContentRoute page={page} />;
}
