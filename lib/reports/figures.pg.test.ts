import { closeDb, getDatabase } from '@/lib/db';
import { reportMonthScenario } from './test-support/report-month';

/** The hand-counted month of figures.test.ts on a real PostgreSQL server. Runs only under `npm run test:pg`. */
if (!process.env.DATABASE_URL) {
  throw new Error('figures.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);

describe('the report of a hand-counted month (PostgreSQL)', () => {
  reportMonthScenario(async () => {
    const database = await getDatabase();
    expect(database.kind).toBe('postgres');
    return database.db;
  });
});
