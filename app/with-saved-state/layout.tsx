import type { ReactNode } from 'react';
import { SavedStateFrame } from '@/components/layout/SavedStateFrame';

/**
 * The twins of the catalogue and content pages, for visitors with saved state (middleware.ts rewrites to them; see
 * lib/routing/saved-state-pages.ts). Each page file re-exports its prerendered original; this layout reads the
 * cookies, so these are rendered per request with the badges and marks right in the server HTML.
 */
export default function WithSavedStateLayout({ children }: { children: ReactNode }) {
  return <SavedStateFrame>{children}</SavedStateFrame>;
}

/**
 * The whole page waits for the cookies (read in memory, no I/O): with a prerendered shell in front, an unknown
 * address would answer 200 with the 404 page instead of a real 404.
 */
export const instant = false;
