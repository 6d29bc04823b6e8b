/** @jest-environment node */
import { desc } from 'drizzle-orm';
import { GET as BANNER_GET, PUT as BANNER_PUT } from './route';
import { GET as NEWS_GET, POST as NEWS_POST } from '../news/route';
import { DELETE as NEWS_DELETE, PATCH as NEWS_PATCH } from '../news/[id]/route';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { catalogSnapshot, resetCatalogSnapshot, seedSnapshot } from '@/lib/catalog/snapshot';
import { loadCatalogSnapshot } from '@/lib/catalog/snapshot-load';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogChanges, newsCards, promotions } from '@/lib/db/schema';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';

jest.setTimeout(60_000);
createTempDataDir('salon-promotions-');
afterAll(async () => {
  resetCatalogSnapshot();
  await closeDb();
});

// Saturday 2026-11-28, noon in New York.
freezeClockAt('2026-11-28T17:00:00Z');

const BANNER = '/api/desk/promotions/';
const NEWS = '/api/desk/news/';
const getBanner = (cookie?: string) => callRoute(BANNER_GET, {}, { path: BANNER, headers: cookie ? { cookie } : {} });
const putBanner = (body: unknown, cookie?: string) => callRoute(BANNER_PUT, {}, { path: BANNER, ...jsonInit('PUT', body, cookie) });
const getNews = (cookie?: string) => callRoute(NEWS_GET, {}, { path: NEWS, headers: cookie ? { cookie } : {} });
const postNews = (body: unknown, cookie?: string) => callRoute(NEWS_POST, {}, { path: NEWS, ...jsonInit('POST', body, cookie) });
const patchNews = (id: string | number, body: unknown, cookie?: string) => callRoute(NEWS_PATCH, { id: String(id) }, { path: `${NEWS}${id}/`, ...jsonInit('PATCH', body, cookie) });
const deleteNews = (id: string | number, cookie?: string) => callRoute(NEWS_DELETE, { id: String(id) }, { path: `${NEWS}${id}/`, ...jsonInit('DELETE', '', cookie) });

async function counts() {
  const db = await getDb();
  return {
    entries: (await db.select().from(activityLog)).length,
    versions: (await db.select().from(catalogChanges)).length,
    banners: await db.select().from(promotions),
    cards: await db.select().from(newsCards),
  };
}

async function lastEntry() {
  const [entry] = await (await getDb()).select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
  return entry!;
}

let owner: { userId: string; cookie: string };
beforeAll(async () => {
  owner = await signedIn(await getDb(), 'owner');
});

describe('who may call the promotions API', () => {
  it('answers a visitor 401 and a customer or the front desk 403, with no data, and changes nothing', async () => {
    const db = await getDb();
    const customer = await signedIn(db, 'customer');
    const desk = await signedIn(db, 'staff');
    const before = await counts();
    for (const [cookie, status] of [
      [undefined, 401],
      [customer.cookie, 403],
      [desk.cookie, 403],
    ] as const) {
      const answers = await Promise.all([
        getBanner(cookie),
        putBanner({ text: 'Hacked', startsOn: '2026-11-28', endsOn: '2026-11-30' }, cookie),
        getNews(cookie),
        postNews({ title: 'Hacked', text: 'Hacked' }, cookie),
        patchNews(2, { title: 'Hacked' }, cookie),
        deleteNews(2, cookie),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(status);
        const body = await answer.json();
        expect(Object.keys(body)).toEqual(['error']);
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe('the banner', () => {
  it('starts as the spring laser sale, kept with its spring dates: it has ended and shows on no day now', async () => {
    const answer = await getBanner(owner.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      today: '2026-11-28',
      banner: { text: 'Spring laser sale: 40% off laser hair removal packages', link: '/specials/women/laser/', startsOn: '2026-03-20', endsOn: '2026-06-20', status: 'ended' },
    });
  });

  it('refuses bad input with a sentence naming the field, and changes nothing', async () => {
    const before = await counts();
    for (const [body, field] of [
      [{ text: 'Sale', link: 'javascript:alert(1)', startsOn: '2026-11-28', endsOn: '2026-11-30' }, 'link'],
      [{ text: 'Sale', startsOn: '2026-11-30', endsOn: '2026-11-28' }, 'endsOn'],
      [{ text: '', startsOn: '2026-11-28', endsOn: '2026-11-30' }, 'text'],
      [{ text: 'Sale', startsOn: 'tomorrow', endsOn: '2026-11-30' }, 'startsOn'],
    ] as const) {
      const answer = await putBanner(body, owner.cookie);
      expect(answer.status).toBe(422);
      const { error } = await answer.json();
      expect(error.fields[field]).toMatch(/\.$/);
    }
    expect((await putBanner('{"text":', owner.cookie)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('a save replaces it in one transaction: recorded with before and after, published, and the snapshot follows', async () => {
    const before = await counts();
    const answer = await putBanner({ text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-11-28', endsOn: '2026-12-24' }, owner.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      today: '2026-11-28',
      banner: { text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-11-28', endsOn: '2026-12-24', status: 'showing' },
      changed: true,
    });
    const after = await counts();
    expect(after.banners).toHaveLength(1);
    expect(after.entries).toBe(before.entries + 1);
    expect(after.versions).toBe(before.versions + 1);
    const [version] = await (await getDb()).select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    expect(version!.tags).toEqual(['catalog-promotions']);
    expect(await lastEntry()).toMatchObject({
      actorId: owner.userId,
      kind: 'promotions',
      action: 'changed',
      subject: 'Home page banner',
      summary: 'Text “Spring laser sale: 40% off laser hair removal packages” → “Winter glow: 20% off facials”; Link /specials/women/laser/ → /services/skin-care/; Dates Mar 20 – Jun 20, 2026 → Nov 28 – Dec 24, 2026',
      before: { text: 'Spring laser sale: 40% off laser hair removal packages', link: '/specials/women/laser/', startsOn: '2026-03-20', endsOn: '2026-06-20' },
      after: { text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-11-28', endsOn: '2026-12-24' },
    });
    expect(catalogSnapshot().promotions).toEqual([{ text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-11-28', endsOn: '2026-12-24' }]);
    expect(catalogSnapshot().version).toBe(version!.id);
  });

  it('saving the same banner again changes, records and publishes nothing', async () => {
    const before = await counts();
    const answer = await putBanner({ text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-11-28', endsOn: '2026-12-24' }, owner.cookie);
    expect((await answer.json()).changed).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('one ending yesterday is saved as ended; one starting tomorrow as scheduled', async () => {
    expect((await (await putBanner({ text: 'Black Friday', startsOn: '2026-11-20', endsOn: '2026-11-27' }, owner.cookie)).json()).banner.status).toBe('ended');
    expect((await (await putBanner({ text: 'Cyber Monday', startsOn: '2026-11-29', endsOn: '2026-11-30' }, owner.cookie)).json()).banner.status).toBe('scheduled');
  });
});

describe('the news cards', () => {
  const titles = async () => ((await (await getNews(owner.cookie)).json()).cards as { title: string }[]).map((card) => card.title);
  const idOf = async (title: string) => ((await (await getNews(owner.cookie)).json()).cards as { id: number; title: string }[]).find((card) => card.title === title)!.id;

  it('start as the launch cards, the spring sale kept unpublished; the home page shows the published ones', async () => {
    const answer = await getNews(owner.cookie);
    expect(answer.status).toBe(200);
    const { cards } = await answer.json();
    expect(cards.map((card: { title: string; published: boolean; position: number }) => [card.title, card.published, card.position])).toEqual([
      ['Spring laser sale: 40% off', false, 0],
      ['Sugaring now at SoHo', true, 1],
      ['Brow lamination in Nolita', true, 2],
    ]);
    // What the build renders without a database is what a first start loads from it.
    const loaded = await loadCatalogSnapshot(await getDb());
    expect(loaded.news.map(({ title, body, link }) => ({ title, body, link }))).toEqual(seedSnapshot().news.map(({ title, body, link }) => ({ title, body, link })));
    expect(seedSnapshot().news.map((card) => card.title)).toEqual(['Sugaring now at SoHo', 'Brow lamination in Nolita']);
    expect(seedSnapshot().promotions).toEqual([{ text: 'Spring laser sale: 40% off laser hair removal packages', link: '/specials/women/laser/', startsOn: '2026-03-20', endsOn: '2026-06-20' }]);
  });

  it('a new card goes last, or at the place asked; recorded and published', async () => {
    const created = await postNews({ title: 'Gift cards', text: 'Give smooth skin.', link: 'https://shop.example.com/gift-cards' }, owner.cookie);
    expect(created.status).toBe(201);
    expect((await created.json()).card).toMatchObject({ title: 'Gift cards', text: 'Give smooth skin.', link: 'https://shop.example.com/gift-cards', published: true, position: 3 });
    expect(await lastEntry()).toMatchObject({ kind: 'promotions', action: 'created', subject: 'News card “Gift cards”', summary: 'New card in place 4, published' });
    const first = await postNews({ title: 'Open on Sundays', text: 'Every location, 11 to 6.', position: 0, published: false }, owner.cookie);
    expect((await first.json()).card.position).toBe(0);
    expect(await titles()).toEqual(['Open on Sundays', 'Spring laser sale: 40% off', 'Sugaring now at SoHo', 'Brow lamination in Nolita', 'Gift cards']);
    expect(catalogSnapshot().news.map((card) => card.title)).toEqual(['Sugaring now at SoHo', 'Brow lamination in Nolita', 'Gift cards']);
  });

  it('a change to a card: its fields and its place, recorded with before and after; the home page order follows', async () => {
    const id = await idOf('Gift cards');
    const answer = await patchNews(id, { title: 'Gift cards for the holidays', position: 1 }, owner.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ changed: true, card: { id, title: 'Gift cards for the holidays', position: 1 } });
    expect(await lastEntry()).toMatchObject({
      action: 'changed',
      summary: 'Title “Gift cards” → “Gift cards for the holidays”; Moved from place 5 to 2',
      before: { title: 'Gift cards', place: 5 },
      after: { title: 'Gift cards for the holidays', place: 2 },
    });
    expect(await titles()).toEqual(['Open on Sundays', 'Gift cards for the holidays', 'Spring laser sale: 40% off', 'Sugaring now at SoHo', 'Brow lamination in Nolita']);
    expect(catalogSnapshot().news.map((card) => card.title)).toEqual(['Gift cards for the holidays', 'Sugaring now at SoHo', 'Brow lamination in Nolita']);
    // Published and hidden.
    await patchNews(await idOf('Open on Sundays'), { published: true }, owner.cookie);
    await patchNews(await idOf('Sugaring now at SoHo'), { published: false }, owner.cookie);
    expect(catalogSnapshot().news.map((card) => card.title)).toEqual(['Open on Sundays', 'Gift cards for the holidays', 'Brow lamination in Nolita']);
    // The same values again: nothing recorded.
    const entries = (await counts()).entries;
    expect((await (await patchNews(id, { title: 'Gift cards for the holidays' }, owner.cookie)).json()).changed).toBe(false);
    expect((await counts()).entries).toBe(entries);
  });

  it('bad input or an unknown card: a 4xx with a sentence, and nothing changed', async () => {
    const id = await idOf('Brow lamination in Nolita');
    const before = await counts();
    const refused = await patchNews(id, { link: 'javascript:alert(document.cookie)' }, owner.cookie);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields.link).toBe('Give a page of this site, starting with / (like /specials/women/laser/), or an address starting with https://.');
    expect((await patchNews(id, {}, owner.cookie)).status).toBe(422);
    expect((await patchNews(id, { title: 'x'.repeat(81) }, owner.cookie)).status).toBe(422);
    expect((await postNews({ title: 'No text' }, owner.cookie)).status).toBe(422);
    const missing = await patchNews(999_999, { title: 'Ghost' }, owner.cookie);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('There is no news card 999999.');
    expect((await patchNews('abc', { title: 'Ghost' }, owner.cookie)).status).toBe(400);
    expect((await deleteNews(999_999, owner.cookie)).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('removing a card closes the gap in the order, is recorded, and the home page loses it', async () => {
    const id = await idOf('Gift cards for the holidays');
    const answer = await deleteNews(id, owner.cookie);
    expect(answer.status).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: 'removed', subject: 'News card “Gift cards for the holidays”', summary: 'Removed from place 2', after: null });
    const { cards } = await (await getNews(owner.cookie)).json();
    expect(cards.map((card: { position: number }) => card.position)).toEqual([0, 1, 2, 3]);
    expect(catalogSnapshot().news.some((card) => card.id === id)).toBe(false);
    expect((await deleteNews(id, owner.cookie)).status).toBe(404);
  });
});
