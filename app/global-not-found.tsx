import type { Metadata } from 'next';
import { SiteDocument, siteMetadata, siteViewport } from './site-document';
import { NotFoundContent, notFoundMetadata } from '@/components/layout/NotFoundContent';
import { SiteFrame } from '@/components/layout/SiteFrame';

export const metadata: Metadata = { ...siteMetadata, ...notFoundMetadata };
export const viewport = siteViewport;

/**
 * The 404 document (experimental.globalNotFound): every address no route matches, and every unknown value of a
 * catalogue or content route, which their `unstable_paramMatching` turns away before the page renders. Next.js
 * renders it on the server whole, with the full frame, and sends it in no other page's payload.
 * notFound() thrown while a page renders would answer an empty error shell instead (see docs/decisions.md).
 */
export default function GlobalNotFound() {
  return (
    <SiteDocument>
      <SiteFrame frame="site">
        <NotFoundContent />
      </SiteFrame>
    </SiteDocument>
  );
}
