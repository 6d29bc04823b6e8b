import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DeskNav } from '@/components/desk/DeskNav';
import { SiteFrame } from '@/components/layout/SiteFrame';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The staff area: the site's header and footer with the desk's navigation. Each page checks the staff role itself. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame frame="desk">
      <DeskNav />
      {children}
    </SiteFrame>
  );
}

/** Per request, and whole: every desk page reads the session before anything else. */
export const instant = false;
