import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { inter } from './fonts';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { Providers } from '@/components/layout/Providers';
import { SITE_DESCRIPTION, SITE_NAME, siteUrl } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: SITE_NAME, template: `%s | ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  openGraph: { siteName: SITE_NAME, type: 'website', locale: 'en_US' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#84203c' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <Providers analytics={process.env.VERCEL === '1'}>
          <a id="skip-link" href="#main" className="skip-link">
            Skip to main content
          </a>
          <Header />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <Footer />
        </Providers>
      </body>
    </html>
  );
}
