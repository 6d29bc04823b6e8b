'use client';

import { SAVED_STATE_SCRIPT } from '@/lib/persistence/saved-state-script';

/**
 * The inline script that marks <html> with the visitor's saved state before the body paints
 * (lib/persistence/saved-state-script.ts). A client component so that the script's text is in the HTML only: rendered by a
 * server component, it would also travel in the page's payload, where it never runs (about 1.2 KB on every page). The
 * browser build drops the text (Next.js compiles `typeof window` to a constant there), and the hydrated element keeps
 * the server's text, which has run by then.
 */
export function SavedStateScript() {
  return <script dangerouslySetInnerHTML={{ __html: typeof window === 'undefined' ? SAVED_STATE_SCRIPT : '' }} suppressHydrationWarning />;
}
