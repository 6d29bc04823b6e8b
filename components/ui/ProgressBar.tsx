'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useUiStore } from '@/stores/provider';
import { focusMainIfLost } from './focus-on-arrival';
import { navigationTarget } from './navigation-target';
import { useHydrated } from './use-hydrated';

/** Where a click started a page change, until the address shows it arrived. */
function useNavigationPending(): boolean {
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? '';
  const [pending, setPending] = useState<string | undefined>();
  const [arrivedAt, setArrivedAt] = useState(`${pathname}?${search}`);
  if (arrivedAt !== `${pathname}?${search}`) {
    setArrivedAt(`${pathname}?${search}`);
    setPending(undefined);
  }
  // A new address (not the first load): the focus goes to the new page's content if the control that had it is gone.
  const arrivals = useRef(0);
  useEffect(() => {
    if (arrivals.current++ > 0) focusMainIfLost();
  }, [pathname]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = navigationTarget(event, new URL(window.location.href));
      if (target) setPending(target.href);
    };
    // Capture: Next.js's <Link> cancels the click's default in its own handler, before one added for bubbling runs.
    document.addEventListener('click', onClick, true);
    // Back and forward, and a page change that never came (a download answer, a failed fetch the router gave up on).
    const stop = () => setPending(undefined);
    window.addEventListener('popstate', stop);
    window.addEventListener('pageshow', stop);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', stop);
      window.removeEventListener('pageshow', stop);
    };
  }, []);
  return pending !== undefined;
}

function Bar({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} className="progress-bar fixed inset-x-0 top-0 z-[60] h-1 bg-brand-100">
      <div className="h-full w-full animate-pulse bg-brand-700" />
    </div>
  );
}

function NavigationProgress({ busy }: { busy: boolean }) {
  const navigating = useNavigationPending();
  if (busy) return <Bar label="Loading" />;
  return navigating ? <Bar label="Loading page" /> : null;
}

/**
 * A thin bar at the top of the page while any call is in flight or a page change is under way. The page change's part
 * comes after hydration, when a click can start one: useSearchParams in a prerendered page's server render hands its
 * Suspense boundary to the browser, with a marker and a script in every page's HTML (about 140 bytes of its gzip).
 */
export function ProgressBar() {
  const busy = useUiStore((state) => state.progress > 0);
  const hydrated = useHydrated();
  if (hydrated) return <NavigationProgress busy={busy} />;
  return busy ? <Bar label="Loading" /> : null;
}
