import type { ReactNode } from 'react';
import { SiteFrame } from './SiteFrame';
import { personalState } from '@/components/ui/personal-state';
import { summarizeSavedState } from '@/lib/persistence/summary';
import { ServerSavedStateProvider } from '@/stores/server-saved-state';

/**
 * The frame of pages rendered per request: it reads the visitor's cookies (each checked by its zod schema; a bad one
 * reads as empty) and hands the summary to the header and the service buttons, so the badges, the profile menu and
 * the favourite and booked marks are right in the server HTML. Not async: see ServerSavedStateProvider.
 */
export function SavedStateFrame({ children }: { children: ReactNode }) {
  const summary = personalState().then(summarizeSavedState);
  return (
    <ServerSavedStateProvider value={summary}>
      <SiteFrame frame="saved-state">{children}</SiteFrame>
    </ServerSavedStateProvider>
  );
}
