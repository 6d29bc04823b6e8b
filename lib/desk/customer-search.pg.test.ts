import { closeDb, getDatabase } from '@/lib/db';
import { searchCases } from './test-support/search-cases';

/** The same search on PostgreSQL (pg_trgm there as on PGlite). Runs only under `npm run test:pg` (scripts/with-postgres.sh). */
if (!process.env.DATABASE_URL) {
  throw new Error('customer-search.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(120_000);
afterAll(closeDb);

describe('the desk finds a caller on PostgreSQL', () => {
  it('by the number in any common form, by a name with a typo, and exact or prefix matches first', async () => {
    const database = await getDatabase();
    expect(database.kind).toBe('postgres');
    const found = await searchCases(database.db, 'pgs');
    for (const { form, ids } of found.phoneForms) expect({ form, ids }).toEqual({ form, ids: [found.abbottId] });
    expect(found.typo).toEqual(['Abbott Kowalczykpgs']);
    expect(found.typoAlone).toEqual(['Abbott Kowalczykpgs']);
    expect(found.prefixFirst).toEqual(['Abottson Wrenpgs', 'Abbott Kowalczykpgs']);
    expect(found.nothing).toEqual([]);
    expect(found.typoPlan).toMatch(/Bitmap Index Scan on users_search_trgm_idx/);
  });
});
