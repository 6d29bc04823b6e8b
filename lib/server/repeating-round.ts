/** A round of background work run over and over in this process, as `repeatRound` returns it. */
export interface RepeatingRound {
  /** No round starts after this; resolves once the round under way, if any, has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `round` `intervalMs` after the previous one ended, never two at once, until stopped. Its timer keeps no process
 * alive. A round that fails goes to `onFailure` and the next one comes as planned. The mail worker, the catalogue's
 * poll and the embedded database's upkeep are such rounds.
 */
export function repeatRound(round: () => Promise<unknown>, intervalMs: number, onFailure: (error: unknown) => void): RepeatingRound {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round()
        .then(() => undefined, onFailure)
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
