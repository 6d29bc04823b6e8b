import type { ReactNode } from 'react';
import { SiteDocument, siteMetadata, siteViewport } from './site-document';
import { Providers } from '@/components/layout/Providers';
import { SavedStateScript } from '@/stores/saved-state/SavedStateScript';

export const metadata = siteMetadata;
export const viewport = siteViewport;

/**
 * The stores, drawers and notices live here, above every page, so they survive navigation between prerendered pages
 * and pages rendered per request. The header and footer come with each group's frame.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <SiteDocument savedStateScript={<SavedStateScript />}>
      <Providers analytics={process.env.VERCEL === '1'}>{children}</Providers>
    </SiteDocument>
  );
}
