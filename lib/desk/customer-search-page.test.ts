import { closeDb, getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { searchFromQuery } from './customer-search-page';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-search-page-');
afterAll(closeDb);

describe('the customer search page without scripts (?q=)', () => {
  it('shows no list before a search and says why a query is too short', async () => {
    expect(await searchFromQuery(undefined)).toEqual({ query: '', results: null });
    expect(await searchFromQuery(['ab', 'cd'])).toEqual({ query: '', results: null });
    expect(await searchFromQuery('ab')).toEqual({ query: 'ab', results: null, problem: 'Type at least 3 characters of a name, e-mail or phone number.' });
  });

  it('lists the customers the query finds', async () => {
    const db = await getDb();
    await db.insert(users).values({ email: 'quill@example.com', name: 'Quillon Ferraby', role: 'customer' });
    const found = await searchFromQuery('Quillon');
    expect(found.results?.map((c) => c.name)).toEqual(['Quillon Ferraby']);
    expect(found.more).toBe(false);
  });
});
