import type { Metadata } from 'next';
import { SiteDocument, siteMetadata, siteViewport } from './site-document';
import { NotFoundContent, notFoundMetadata } from '@/components/layout/NotFoundContent';
import { NotFoundFrame } from '@/components/layout/NotFoundFrame';
import { SAVED_STATE_SCRIPT } from '@/lib/persistence/saved-state-script';

export const metadata: Metadata = { ...siteMetadata, ...notFoundMetadata };
export const viewport = siteViewport;

/**
 * The 404 document (experimental.globalNotFound): every address no route matches, and every unknown value of a
 * catalogue or content route, which their `unstable_paramMatching` turns away before the page renders (for services
 * and offers, whose routes render values added since the build, server.mjs does: missingCatalogPage). Next.js
 * renders it whole on the server and sends it in no other page's payload. notFound() thrown while a page renders
 * would answer an empty error shell instead (Next.js #62228). No stores here: see NotFoundFrame.
 */
export default function GlobalNotFound() {
  return (
    <SiteDocument savedStateScript={<script dangerouslySetInnerHTML={{ __html: SAVED_STATE_SCRIPT }} />}>
      <NotFoundFrame>
        <NotFoundContent links="document" />
      </NotFoundFrame>
    </SiteDocument>
  );
}
