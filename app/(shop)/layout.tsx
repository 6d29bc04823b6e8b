import type { ReactNode } from 'react';
import { LoadSavedStateNow } from '@/stores/load-saved-state-now';

/** These pages' islands use the saved state as they mount, so it is read before their effects run. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <LoadSavedStateNow />
      {children}
    </>
  );
}
