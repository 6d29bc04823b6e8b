import { oneOffScenario } from './test-support/one-off-shifts';

/**
 * The same scenario as shifts.test.ts on a real PostgreSQL server: a one-off shift change opens and closes times for
 * the slots, the visit times, the booking's check and the desk's day. Runs only under `npm run test:pg`.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('shifts.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);

describe('every roster reader applies one-off changes (PostgreSQL)', () => {
  oneOffScenario();
});
