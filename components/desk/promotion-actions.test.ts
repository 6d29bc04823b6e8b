import { closeDb, getDb } from '@/lib/db';
import { activityLog, newsCards, promotions } from '@/lib/db/schema';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { FLASH_COOKIE } from '@/lib/forms/flash';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createNewsAction, moveNewsAction, removeNewsAction, saveBannerAction, saveNewsAction } from './promotion-actions';
import { formData, redirectOf } from '@/lib/test-support/server-actions';

/** The page's forms call the API's handlers with the visitor's cookie (lib/forms/call-handler.ts), as a browser would. */
const incoming = { cookie: '' };
const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(incoming.cookie ? { cookie: incoming.cookie } : {}),
  cookies: async () => ({ set: (c: { name: string; value: string }) => jar.set(c.name, c.value), get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) }),
}));


jest.setTimeout(120_000);
createTempDataDir('salon-promotion-actions-');
afterAll(closeDb);



/** The answer the action kept for the page it redirected to. */
function flash(): { outcome: string; message: string; fields: Record<string, string>; values: Record<string, string> } {
  return JSON.parse(Buffer.from(jar.get(FLASH_COOKIE)!, 'base64url').toString('utf8')).state;
}

async function state() {
  const db = await getDb();
  return { banners: await db.select().from(promotions), cards: await db.select().from(newsCards), entries: (await db.select().from(activityLog)).length };
}

const BANNER = { text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-11-01', endsOn: '2099-12-31' };

beforeEach(() => jar.clear());

it('the front desk, a customer or a visitor is sent back to the page (whose gate answers), and nothing changes', async () => {
  const db = await getDb();
  const before = await state();
  for (const cookie of [(await signedIn(db, 'staff')).cookie, (await signedIn(db, 'customer')).cookie, '']) {
    incoming.cookie = cookie;
    expect(await redirectOf(saveBannerAction(formData(BANNER)))).toBe('/desk/promotions/');
    expect(await redirectOf(createNewsAction(formData({ title: 'Desk news', text: 'x' })))).toBe('/desk/promotions/');
    expect(await redirectOf(saveNewsAction(formData({ id: String(before.cards[0]!.id), title: 'Desk news', text: 'x' })))).toBe('/desk/promotions/');
    expect(await redirectOf(removeNewsAction(formData({ id: String(before.cards[0]!.id) })))).toBe('/desk/promotions/');
  }
  expect(jar.has(FLASH_COOKIE)).toBe(false);
  expect(await state()).toEqual(before);
});

describe('the owner', () => {
  beforeAll(async () => {
    incoming.cookie = (await signedIn(await getDb(), 'owner')).cookie;
  });

  it('a refused banner comes back to its form with the sentence at the field and the values typed; nothing changes', async () => {
    const before = await state();
    const target = await redirectOf(saveBannerAction(formData({ ...BANNER, link: 'javascript:alert(1)' })));
    expect(target).toMatch(/^\/desk\/promotions\/\?form=[\w-]{16}#banner$/);
    expect(flash()).toMatchObject({ outcome: 'error', message: 'Please check the highlighted fields.', values: { ...BANNER, link: 'javascript:alert(1)', target: 'banner' } });
    expect(flash().fields.link).toMatch(/^Give a page of this site/);
    expect(await state()).toEqual(before);
  });

  it('a banner is saved and said to show now; the same again is "Nothing changed."', async () => {
    expect(await redirectOf(saveBannerAction(formData(BANNER)))).toMatch(/#banner$/);
    expect(flash()).toMatchObject({ outcome: 'ok', message: 'Banner saved: it shows on the home page now.', values: { target: 'banner' } });
    expect((await state()).banners).toMatchObject([{ text: BANNER.text, endsOn: BANNER.endsOn }]);
    await redirectOf(saveBannerAction(formData(BANNER)));
    expect(flash().message).toBe('Nothing changed.');
  });

  it('cards: added, saved with the published box left unticked, moved, and removed, each answered at its place', async () => {
    await redirectOf(createNewsAction(formData({ title: 'Gift cards', text: 'Any service.', link: '', published: 'on' })));
    expect(flash()).toMatchObject({ outcome: 'ok', message: 'Card added.', values: { target: 'news-new' } });
    const card = (await state()).cards.find((row) => row.title === 'Gift cards')!;
    expect(card).toMatchObject({ published: true, position: 3 });

    expect(await redirectOf(saveNewsAction(formData({ id: String(card.id), title: 'Gift cards', text: 'Any service, any amount.', link: '' })))).toMatch(new RegExp(`#news-${card.id}$`));
    expect(flash().message).toBe('Card saved.');
    expect((await state()).cards.find((row) => row.id === card.id)).toMatchObject({ body: 'Any service, any amount.', published: false });

    await redirectOf(moveNewsAction(formData({ id: String(card.id), position: '0' })));
    expect(flash().message).toBe('Card moved.');
    expect((await state()).cards.find((row) => row.id === card.id)!.position).toBe(0);

    await redirectOf(removeNewsAction(formData({ id: String(card.id) })));
    expect(flash()).toMatchObject({ message: 'Card removed.', values: { target: 'news' } });
    expect((await state()).cards.some((row) => row.id === card.id)).toBe(false);
    // Gone already: the API's 404 sentence, at the same place.
    await redirectOf(removeNewsAction(formData({ id: String(card.id) })));
    expect(flash()).toMatchObject({ outcome: 'error', message: `There is no news card ${card.id}.` });
  });
});
