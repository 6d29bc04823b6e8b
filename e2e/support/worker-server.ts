import path from 'node:path';
import { test as base } from '@playwright/test';

/**
 * The journeys run in E2E_WORKERS Playwright workers, each against a default server of its own (its own port and
 * embedded database), so two workers never share a therapist's day, a sign-up allowance or an outbox. Worker 0 uses
 * E2E_PORT; worker i uses E2E_PORT + WORKER_PORT_OFFSET + i (offsets below 90 belong to the specs' extra servers).
 */
export const WORKER_PORT_OFFSET = 90;

/**
 * Node's flags for the journeys' servers. `--liftoff-only` keeps the embedded database's WebAssembly on V8's baseline
 * compiler: a server's start paid about 1.2 s of CPU (5.35 s against 4.1, two starts each) for optimising PostgreSQL's
 * hottest functions, which a server that lives for a few tests never earns back, and the journeys start about 70.
 * The long-lived worker servers lost nothing by it (five specs, 54 tests: 355 CPU-s against 361 and 366). Tests only:
 * `npm start` keeps V8's defaults.
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only'] as const;

export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));

export function workerPort(basePort: number, parallelIndex: number): number {
  return parallelIndex === 0 ? basePort : basePort + WORKER_PORT_OFFSET + parallelIndex;
}

/** The data folder of worker i's default server: the run's DATA_DIR for worker 0, a folder under it for the others. */
export function workerDataDir(runDataDir: string, parallelIndex: number): string {
  return parallelIndex === 0 ? runDataDir : path.join(runDataDir, `worker-${parallelIndex}`);
}

function workerOrigin(configuredBaseURL: string | undefined, parallelIndex: number): string {
  const url = new URL(configuredBaseURL ?? 'http://127.0.0.1:3100');
  url.port = String(workerPort(Number(url.port), parallelIndex));
  return url.origin;
}

/** The running test's server origin, for code outside a fixture (cookie URLs, request contexts). */
export function currentBaseURL(): string {
  const info = base.info();
  return workerOrigin(info.project.use.baseURL, info.parallelIndex);
}

/** The running test's default server's data folder (its outbox is DATA_DIR/outbox/). */
export function currentDataDir(): string {
  return workerDataDir(path.resolve(process.env.DATA_DIR ?? '.data/e2e'), base.info().parallelIndex);
}

/** Every spec imports `test` from here: the same as Playwright's, with baseURL set to the worker's own server. */
export const test = base.extend({
  baseURL: async ({ baseURL }, provide, testInfo) => {
    await provide(workerOrigin(baseURL, testInfo.parallelIndex));
  },
});

export { expect, request } from '@playwright/test';
