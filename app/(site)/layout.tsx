import type { ReactNode } from 'react';
import { SiteFrame } from '@/components/layout/SiteFrame';

/**
 * Catalogue and content pages, prerendered once for everybody: nothing here reads a cookie. Visitors with saved
 * state get the same pages from app/with-saved-state/ (lib/routing/saved-state-pages.ts).
 */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame frame="site">{children}</SiteFrame>;
}
