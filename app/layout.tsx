import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { inter } from './fonts';
import { Providers } from '@/components/layout/Providers';
import { SAVED_STATE_SCRIPT } from '@/lib/persistence/first-paint';
import { SITE_DESCRIPTION, SITE_NAME, siteUrl } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: SITE_NAME, template: `%s | ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  openGraph: { siteName: SITE_NAME, type: 'website', locale: 'en_US' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#84203c' };

/**
 * The stores, drawers and notices live here, above every page, so they survive navigation between prerendered pages
 * and pages rendered per request. The header and footer come with each group's frame. The script in <head> marks
 * <html> with the visitor's saved state before the body paints (lib/persistence/first-paint.ts), hence
 * suppressHydrationWarning on <html> only.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: SAVED_STATE_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <Providers analytics={process.env.VERCEL === '1'}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
