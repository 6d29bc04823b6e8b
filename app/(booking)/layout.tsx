import type { ReactNode } from 'react';
import { NoScriptSavedState } from '@/components/layout/NoScriptSavedState';
import { SiteFrame } from '@/components/layout/SiteFrame';
import { LoadSavedStateNow } from '@/stores/load-saved-state-now';

/** Rendered per request. These pages' islands use the saved state as they mount, so the stores are filled first. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame frame="personal">
      <LoadSavedStateNow />
      <NoScriptSavedState />
      {children}
    </SiteFrame>
  );
}

/** Per request by nature: nothing of the page is prerendered; its HTML is sent once its data is in. */
export const instant = false;
