import type { ReactNode } from 'react';
import { SiteFrame } from '@/components/layout/SiteFrame';

/**
 * Catalogue and content pages, prerendered once for everybody: nothing here reads a cookie. A visitor's saved state
 * reaches the header at first paint through the inline script of the root layout (lib/persistence/first-paint.ts).
 */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame frame="site">{children}</SiteFrame>;
}
