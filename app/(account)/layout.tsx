import type { ReactNode } from 'react';
import { SavedStateFrame } from '@/components/layout/SavedStateFrame';
import { LoadSavedStateNow } from '@/stores/load-saved-state-now';

/**
 * Rendered per request, so the frame reads the cookies on the server. These pages' islands use the saved state as
 * they mount, so the stores are filled before their effects run.
 */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <SavedStateFrame>
      <LoadSavedStateNow />
      {children}
    </SavedStateFrame>
  );
}

/** Per request by nature: the whole page waits for the cookies, which also keeps real status codes (404). */
export const instant = false;
