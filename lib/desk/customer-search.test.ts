import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { searchCases } from './test-support/search-cases';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-search-');
afterAll(closeDb);

describe('the desk finds a caller on PGlite', () => {
  it('by the number in any common form, by a name with a typo, and exact or prefix matches first', async () => {
    const found = await searchCases(await getDb(), 'pgl');
    for (const { form, ids } of found.phoneForms) expect({ form, ids }).toEqual({ form, ids: [found.abbottId] });
    expect(found.typo).toEqual(['Abbott Kowalczykpgl']);
    expect(found.typoAlone).toEqual(['Abbott Kowalczykpgl']);
    expect(found.prefixFirst).toEqual(['Abottson Wrenpgl', 'Abbott Kowalczykpgl']);
    expect(found.nothing).toEqual([]);
    expect(found.typoPlan).toMatch(/Bitmap Index Scan on users_search_trgm_idx/);
  });
});
