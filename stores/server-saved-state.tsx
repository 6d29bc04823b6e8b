'use client';

import { createContext, use, useContext, type ReactNode } from 'react';
import type { SavedStateSummary } from '@/lib/persistence/summary';

const ServerSavedStateContext = createContext<Promise<SavedStateSummary> | undefined>(undefined);

/**
 * What the server read from this visitor's cookies, handed down by the layouts rendered per request. The header and
 * the service buttons show it until the stores hold the saved state, so the server HTML, hydration and the first
 * client renders agree. Prerendered pages have no provider: the visitor has no saved state there.
 *
 * A promise, not a value: the layout must not wait for the cookies before its page renders, or a page that calls
 * notFound() answers 200 instead of 404 (measured with Next.js 16.4). The page arrives resolved in the browser.
 */
export function ServerSavedStateProvider({ value, children }: { value: Promise<SavedStateSummary>; children: ReactNode }) {
  return <ServerSavedStateContext value={value}>{children}</ServerSavedStateContext>;
}

export function useServerSavedState(): SavedStateSummary | undefined {
  const summary = useContext(ServerSavedStateContext);
  return summary ? use(summary) : undefined;
}
