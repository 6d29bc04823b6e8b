'use client';

import type { ReactNode } from 'react';

/** Placeholder until the client-state stores land: renders its children. */
export function Providers({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
