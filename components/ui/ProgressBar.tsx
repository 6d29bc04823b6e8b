'use client';

import { useUiStore } from '@/stores/provider';

/** A thin bar at the top of the page while any call is in flight. */
export function ProgressBar() {
  const busy = useUiStore((state) => state.progress > 0);
  if (!busy) return null;
  return (
    <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-[60] h-1 bg-brand-100">
      <div className="h-full w-full animate-pulse bg-brand-700" />
    </div>
  );
}
