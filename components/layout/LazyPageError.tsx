'use client';

import { lazy, Suspense } from 'react';
import type { PageErrorProps } from './PageError';

// Next.js loads a route group's error.tsx with every page of the group; its message and links load when a page
// fails. Should that load fail too, the error reaches app/global-error.tsx, which carries its own message.
const PageError = lazy(() => import('./PageError').then((module) => ({ default: module.PageError })));

/** The error.tsx of each route group: PageError, loaded when it is needed. */
export function LazyPageError(props: PageErrorProps) {
  return (
    <Suspense fallback={null}>
      <PageError {...props} />
    </Suspense>
  );
}
