import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { reportMonthScenario } from './test-support/report-month';

jest.setTimeout(120_000);
createTempDataDir('salon-reports-');
afterAll(closeDb);

describe('the report of a hand-counted month (PGlite)', () => {
  reportMonthScenario(getDb);
});
