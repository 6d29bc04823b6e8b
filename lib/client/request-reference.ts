/**
 * The id of the request whose answer a failed page shows, for the visitor to quote: server.mjs names each answer's
 * request in Server-Timing (`request;desc="<id>"`), which the browser gives the page's scripts for its own origin. The
 * page's server part came with the newest fetch of the page's own path (Next.js's RSC request, on a navigation or a
 * retry) or else with the document itself.
 */
export function requestReference(entries: readonly PerformanceEntry[], pathname: string): string | undefined {
  const ids = (entry: PerformanceEntry) => (entry as PerformanceResourceTiming).serverTiming?.find((timing) => timing.name === 'request')?.description;
  const ofPage = entries.filter((entry) => {
    const timing = entry as PerformanceResourceTiming;
    if (timing.initiatorType === 'navigation') return true;
    if (timing.initiatorType !== 'fetch') return false;
    try {
      return new URL(entry.name).pathname === pathname;
    } catch {
      return false;
    }
  });
  const newest = ofPage.filter((entry) => ids(entry)).sort((a, b) => (a as PerformanceResourceTiming).responseEnd - (b as PerformanceResourceTiming).responseEnd).at(-1);
  return newest ? ids(newest) : undefined;
}

/** requestReference of the current page, in the browser. */
export function currentRequestReference(): string | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return undefined;
  return requestReference([...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')], window.location.pathname);
}
