'use client';

import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '@/stores/provider';

const QuestionDialog = lazy(() => import('./QuestionDialog'));

/** Mounts the question dialog (Radix Dialog) once something asks, so its code is not part of the page's first load. */
export function Questions() {
  const asked = useUiStore((state) => state.question !== null);
  const [needed, setNeeded] = useState(false);
  if (asked && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <QuestionDialog />
    </Suspense>
  ) : null;
}
