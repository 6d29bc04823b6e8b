import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JsonLd } from '@/components/content/JsonLd';
import { OfferDetail } from '@/components/catalog/OfferDetail';
import { offerHeading, offerOfKind, offerPath, offersOfKind } from '@/lib/content/catalog-pages';
import { packageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { siteUrl } from '@/lib/site';

type Props = { params: Promise<{ moniker: string }> };

export function generateStaticParams() {
  return offersOfKind('bundle').map((offer) => ({ moniker: offer.moniker }));
}

// Only the values above exist: any other answers the 404 document (app/global-not-found.tsx) before the page renders.
export const unstable_paramMatching = { moniker: 'not-found' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const offer = offerOfKind('bundle', (await params).moniker);
  if (!offer) notFound();
  return pageMetadata({ title: offerHeading(offer), description: offer.pvMetaDescription, path: offerPath(offer) });
}

export default async function BundlePage({ params }: Props) {
  const offer = offerOfKind('bundle', (await params).moniker);
  if (!offer) notFound();
  return (
    <>
      <JsonLd data={packageJsonLd(offer, { origin: siteUrl(), path: offerPath(offer) })} />
      <OfferDetail offer={offer} kind="bundle" />
    </>
  );
}
