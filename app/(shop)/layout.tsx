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

/** Per request by nature: the whole page waits for its data, which also keeps real status codes (404). */
export const instant = false;
