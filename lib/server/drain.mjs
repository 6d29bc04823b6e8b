// How server.mjs stops taking requests on SIGTERM and lets the ones in flight finish. Plain ESM so the server needs
// no build step.

/** How long the requests in flight may take to finish once the server is told to stop. */
export const DRAIN_MS = 10_000;
/** After DRAIN_MS, how long the mail round in progress and the database may take to end before server.mjs exits 1. */
export const STOP_AFTER_DRAIN_MS = 15_000;

/**
 * Counts the requests of `server` in flight, so that `drain` can wait for them: the server's handler calls `track`
 * first with each request (also one that waits for '100 Continue'). A request counts from its arrival until its answer
 * is sent or its connection is gone.
 */
export function trackRequests(server) {
  let inFlight = 0;
  const waiting = new Set();
  const settled = () => {
    if (inFlight === 0) for (const resolve of waiting) resolve();
  };
  return {
    track(response) {
      inFlight++;
      response.once('close', () => {
        inFlight--;
        settled();
      });
    },
    inFlight: () => inFlight,
    /**
     * Stops listening, closes idle connections, and waits up to `ms` for the requests in flight; then closes every
     * connection left. Answers how many requests were still running when it gave up (0 when all finished).
     */
    async drain(ms = DRAIN_MS) {
      const closed = new Promise((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer;
      const finished = new Promise((resolve) => {
        if (inFlight === 0) resolve();
        waiting.add(resolve);
      });
      const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
      const outcome = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      const left = outcome === 'timeout' ? inFlight : 0;
      server.closeAllConnections();
      await closed;
      return { left };
    },
  };
}
