/** @jest-environment node */
import { callRoute, signedIn } from '@/lib/booking/test-support/fixtures';
import { recordActivity } from '@/lib/activity/log';
import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET } from './route';

jest.setTimeout(60_000);
createTempDataDir('salon-activity-api-');
afterAll(closeDb);

const get = (query: string, cookie?: string) => callRoute(GET, {}, { path: `/api/desk/activity/${query}`, headers: cookie ? { cookie } : {} });
const subjects = (entries: { subject: string }[]) => entries.map((entry) => entry.subject);

beforeAll(async () => {
  const db = await getDb();
  for (const [index, kind] of (['promotions', 'menu', 'promotions', 'promotions', 'hours', 'promotions'] as const).entries()) {
    await db.transaction((tx) => recordActivity(tx, { userId: null, name: 'Olive Owner' }, { kind, action: 'changed', subject: `Entry ${index}`, summary: `Change ${index}` }));
  }
});

describe('GET /api/desk/activity/', () => {
  it('answers the owner a page and the next page\'s cursor; a visitor 401, a customer or the front desk 403', async () => {
    const db = await getDb();
    const owner = await signedIn(db, 'owner');
    const answer = await get('?kind=promotions&limit=3', owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = await answer.json();
    expect(subjects(body.entries)).toEqual(['Entry 5', 'Entry 3', 'Entry 2']);
    const next = await (await get(`?kind=promotions&limit=3&before=${body.next}`, owner.cookie)).json();
    expect(subjects(next.entries)).toEqual(['Entry 0']);
    expect(next.next).toBeNull();
    for (const [cookie, status] of [
      [undefined, 401],
      [(await signedIn(db, 'customer')).cookie, 403],
      [(await signedIn(db, 'staff')).cookie, 403],
    ] as const) {
      const refused = await get('?kind=promotions', cookie);
      expect(refused.status).toBe(status);
      expect(Object.keys(await refused.json())).toEqual(['error']);
    }
  });

  it('a kind or cursor it does not know is a 400 naming the parameter', async () => {
    const owner = await signedIn(await getDb(), 'owner');
    for (const [query, field] of [
      ['?kind=everything', 'kind'],
      ['?before=-4', 'before'],
      ['?limit=1000', 'limit'],
    ]) {
      const answer = await get(query!, owner.cookie);
      expect(answer.status).toBe(400);
      expect(Object.keys((await answer.json()).error.fields)).toEqual([field]);
    }
  });
});
