import type { ReactNode } from 'react';
import { NoScriptSavedState } from '@/stores/saved-state/NoScriptSavedState';
import { SiteFrame } from './SiteFrame';
import { LoadSavedStateNow } from '@/stores/saved-state/LoadSavedStateNow';

/**
 * The frame of the personal pages (booking, checkout, account), rendered per request. Their islands use the saved
 * state as they mount, so the stores are filled first.
 */
export function PersonalFrame({ children }: { children: ReactNode }) {
  return (
    <SiteFrame frame="personal">
      <LoadSavedStateNow />
      <NoScriptSavedState />
      {children}
    </SiteFrame>
  );
}
