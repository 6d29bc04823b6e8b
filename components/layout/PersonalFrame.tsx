import type { ReactNode } from 'react';
import { personalReading } from '@/lib/persistence/personal-state';
import { NoScriptSavedState } from '@/stores/saved-state/NoScriptSavedState';
import { SiteFrame } from './SiteFrame';
import { LoadSavedStateNow } from '@/stores/saved-state/LoadSavedStateNow';

/**
 * The frame of the personal pages (booking, checkout, account), rendered per request. Their islands use the saved
 * state as they mount, so the stores are filled first, from the server's reading of the cookies.
 */
export async function PersonalFrame({ children }: { children: ReactNode }) {
  return (
    <SiteFrame frame="personal">
      <LoadSavedStateNow saved={await personalReading()} />
      <NoScriptSavedState />
      {children}
    </SiteFrame>
  );
}
