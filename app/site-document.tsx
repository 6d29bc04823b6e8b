import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SCRIPTS_OFF_STYLE } from '@/components/ui/LoadingStatus';
import { SHARE_IMAGE } from '@/lib/seo/metadata';
import { siteUrl } from '@/lib/env';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import './globals.css';

/** The site-wide metadata of every document: the root layout's and the 404 document's (app/global-not-found.tsx). */
export const siteMetadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: SITE_NAME, template: `%s | ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  openGraph: { siteName: SITE_NAME, type: 'website', locale: 'en_US', images: [SHARE_IMAGE] },
  twitter: { card: 'summary_large_image', images: [] },
};

export const siteViewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#84203c' };

/**
 * <html>, <head> and <body> of the root layout (which adds the stores) and of the 404 document, which Next.js renders
 * without the root layout. The script in <head> marks <html> with the visitor's saved state before the body paints
 * (lib/persistence/first-paint.ts), hence suppressHydrationWarning on <html> only. With scripts off, whatever only a
 * script would end (a loading line) is hidden: see components/ui/LoadingStatus.tsx.
 */
export function SiteDocument({ savedStateScript, children }: { savedStateScript: ReactNode; children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {savedStateScript}
        <noscript>
          <style>{SCRIPTS_OFF_STYLE}</style>
        </noscript>
      </head>
      <body className="site-body">
        {children}
      </body>
    </html>
  );
}
