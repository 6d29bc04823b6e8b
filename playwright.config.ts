import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eWorkers, SERVER_NODE_FLAGS, workerDataDir, workerPort } from './e2e/support/worker-server';

/** Accounts at this domain are staff on the journeys' server (e2e/support/desk.ts). */
export const STAFF_DOMAIN = '@staff.example.com';
/** Accounts at this domain are owners on the journeys' servers (e2e/support/desk.ts). */
export const OWNER_DOMAIN = '@owner.example.com';

/**
 * Debian's chromium-headless-shell (the old headless mode, without the browser's UI layers) runs the journeys in about
 * two thirds of the time and CPU of the full browser; the full `chromium` is the fallback where it is not installed.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * The pages' JavaScript on V8's baseline tiers only (Ignition and Sparkplug), as the journeys' servers keep PGlite on
 * Liftoff: a page lives for a few steps, too short to earn back optimising its hottest functions on other threads.
 * Five specs (54 tests): the renderers took 95 to 105 CPU-s in six runs against 98 to 113 in four (docs/decisions.md).
 * What the journeys check is what the pages do, not how fast V8 makes them.
 */
const PAGE_JS_FLAGS = '--js-flags=--max-opt=1';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Each worker has a default server of its own (e2e/support/worker-server.ts): CI runs two.
  workers: e2eWorkers,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // Recording a trace of every test cost about 15% of the journeys' CPU; a failure is retried with one (CI).
    trace: 'on-first-retry',
  },
  projects: [
    {
      // Every page type in every saved state at phone widths (320 to 390 px): e2e/phone-*.spec.ts. Listed first, so
      // its long sweeps (each page waits for the network to go quiet) run beside the desktop journeys instead of alone
      // at the end of the run, where they left a core idle for about two minutes.
      name: 'phone',
      testMatch: /phone-.*\.spec\.ts/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        launchOptions: { executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', PAGE_JS_FLAGS] },
      },
    },
    {
      name: 'chromium',
      testIgnore: /phone-.*\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            PAGE_JS_FLAGS,
          ],
        },
      },
    },
  ],
  webServer: Array.from({ length: e2eWorkers }, (_, index) => {
    const workerOrigin = `http://127.0.0.1:${workerPort(port, index)}`;
    return {
      command: ['node', ...SERVER_NODE_FLAGS, 'server.mjs'].join(' '),
      // Ready when the database is open and migrated, not just when the port answers.
      url: `${workerOrigin}/api/health/`,
      reuseExistingServer: false,
      timeout: 180_000,
      // The journeys open 127.0.0.1; e2e/any-address.spec.ts opens the same server as localhost, which is not SITE_URL.
      env: {
        DATA_DIR: workerDataDir(process.env.DATA_DIR ?? '.data/e2e', index),
        SITE_URL: workerOrigin,
        STAFF_EMAILS: STAFF_DOMAIN,
        OWNER_EMAILS: OWNER_DOMAIN,
        NODE_ENV: 'production',
        PORT: String(workerPort(port, index)),
        HOST: '127.0.0.1',
      },
    };
  }),
});
