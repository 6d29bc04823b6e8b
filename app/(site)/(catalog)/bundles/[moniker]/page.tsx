import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JsonLd } from '@/components/content/JsonLd';
import { OfferDetail } from '@/components/catalog/OfferDetail';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { offerHeading, offerOfKind, offerPath, offersOfKind } from '@/lib/content/catalog-pages';
import { packageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { siteUrl } from '@/lib/env';

type Props = { params: Promise<{ moniker: string }> };

export function generateStaticParams() {
  return offersOfKind('bundle').map((offer) => ({ moniker: offer.moniker }));
}

// An offer added since the build is rendered at its first view and kept; an address that names no bundle the catalogue
// has is answered with the 404 document by server.mjs before this renders (missingCatalogPage).
export const unstable_paramMatching = { moniker: 'blocking' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const offer = offerOfKind('bundle', (await params).moniker);
  if (!offer) notFound();
  return pageMetadata({ title: offerHeading(offer), description: offer.pvMetaDescription, path: offerPath(offer) });
}

export default async function BundlePage({ params }: Props) {
  await showsCatalog(CATALOG_TAGS.menu);
  const offer = offerOfKind('bundle', (await params).moniker);
  if (!offer) notFound();
  return (
    <>
      <JsonLd data={packageJsonLd(offer, { origin: siteUrl(), path: offerPath(offer) })} />
      <OfferDetail offer={offer} kind="bundle" />
    </>
  );
}
