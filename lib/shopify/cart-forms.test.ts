import { createSession } from '@/lib/auth/session';
import { sessionCookieName } from '@/lib/auth/cookies';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { shopFromCookie, shopToCookie } from '@/lib/persistence/lists';
import { readStamp, withStamp } from '@/lib/persistence/stamp';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { addToCartHandler, cartLines, cartRefusal, checkoutFromCartHandler, offeredItem, removeFromCartHandler } from './cart-forms';
import { forgetCheckoutsForTests } from './checkout';
import { installDemoShop } from './demo/testing';
import { revalidateSkuVariantMap } from './index';

/** The cart page's forms (/cart/remove/, /cart/checkout/): plain posts that write the shop cart's cookie as the stores do. */
jest.setTimeout(120_000);
createTempDataDir('shop-cart-forms-');
afterAll(closeDb);

const SITE = 'http://localhost:3000';
const [first, second] = allGroupedPackages().filter((offer) => offer.pvQtyCombined === 3 && offer.discPrcentage);
const cartCookie = (pvIds: string[], stamp = 4, checkoutId = '') => `bnp_shop=${withStamp(stamp, shopToCookie({ header: { customerId: '', checkoutId }, pvItems: pvIds }))}`;

function post(path: string, { cookie = '', origin = SITE, body }: { cookie?: string; origin?: string; body?: URLSearchParams } = {}) {
  return new Request(`${SITE}${path}`, { method: 'POST', headers: { cookie, origin }, body });
}

/** The shop cart the answer's Set-Cookie writes, with its stamp and attributes checked. */
function written(response: Response) {
  const set = response.headers.get('set-cookie') ?? '';
  const [pair, ...attributes] = set.split('; ');
  expect(pair!.startsWith('bnp_shop=')).toBe(true);
  expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax']));
  expect(set).not.toMatch(/HttpOnly/i);
  const raw = pair!.slice('bnp_shop='.length);
  return { stamp: readStamp(raw).stamp, cart: shopFromCookie(raw)! };
}

async function signedIn(): Promise<string> {
  const db = await getDb();
  const { token } = await createSession(db, await insertUser(db));
  return `${sessionCookieName()}=${token}`;
}

let errorLog: jest.SpyInstance;
beforeEach(async () => {
  await forgetCheckoutsForTests();
  revalidateSkuVariantMap();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorLog.mockRestore());

describe('the cart page', () => {
  it('names each item with its price and what its sessions cost one by one; an id no longer offered keeps a row to remove', () => {
    const gone = '00000000-0000-4000-8000-00000000abcd';
    expect(cartLines([first!.pvId, gone])).toEqual([
      { pvId: first!.pvId, title: first!.pvTitle, price: first!.pvPrice, original: expect.any(Number), offered: true },
      { pvId: gone, title: 'An item no longer offered', price: 0, original: 0, offered: false },
    ]);
    expect(cartLines([first!.pvId])[0]!.original).toBeGreaterThan(first!.pvPrice);
  });

  it('says a refusal code in a sentence, and nothing for anything else', () => {
    expect(cartRefusal('too-many-items')).toBe('One item allowed only!');
    expect(cartRefusal('constructor')).toBeUndefined();
    expect(cartRefusal(['empty-cart'])).toBeUndefined();
  });
});

describe('POST /cart/add/ (Buy before the scripts run)', () => {
  const add = (cookie: string, fields: Record<string, string>) => addToCartHandler(post('/cart/add/', { cookie, body: new URLSearchParams(fields) }));

  it('puts the item in an empty cart with the next stamp and opens the cart page; one already there changes nothing', async () => {
    const answer = await add(cartCookie([]), { item: first!.pvId });
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/cart/']);
    expect(written(answer)).toEqual({ stamp: 5, cart: { header: { customerId: '', checkoutId: '' }, pvItems: [first!.pvId] } });
    const fresh = await add('', { item: first!.pvId });
    expect(written(fresh).cart.pvItems).toEqual([first!.pvId]);
    const again = await add(cartCookie([first!.pvId]), { item: first!.pvId.toUpperCase() });
    expect([again.status, again.headers.get('location'), again.headers.get('set-cookie')]).toEqual([303, '/cart/', null]);
  });

  it('while the cart holds another item, asks on the cart page; with replace, the cart holds the new one only', async () => {
    const asked = await add(cartCookie([first!.pvId]), { item: second!.pvId });
    expect([asked.status, asked.headers.get('location'), asked.headers.get('set-cookie')]).toEqual([303, `/cart/?offer=${second!.pvId}`, null]);
    const replaced = await add(cartCookie([first!.pvId], 4, 'gid://shopify/Cart/kept'), { item: second!.pvId, replace: '1' });
    expect(written(replaced)).toEqual({ stamp: 5, cart: { header: { customerId: '', checkoutId: 'gid://shopify/Cart/kept' }, pvItems: [second!.pvId] } });
  });

  it('refuses an id the catalogue does not offer (400) and another origin (403), writing nothing', async () => {
    for (const item of ['00000000-0000-4000-8000-00000000abcd', '<script>', '']) {
      const answer = await add(cartCookie([]), { item });
      expect([answer.status, answer.headers.get('set-cookie')]).toEqual([400, null]);
      expect(await answer.text()).toBe('That package or bundle could not be found. Please go back and choose again.');
    }
    const foreign = await addToCartHandler(post('/cart/add/', { origin: 'https://evil.example', body: new URLSearchParams({ item: first!.pvId }) }));
    expect([foreign.status, foreign.headers.get('set-cookie')]).toEqual([403, null]);
    expect(offeredItem(first!.pvId)?.title).toBe(first!.pvTitle);
    expect(offeredItem(['x'])).toBeUndefined();
  });
});

describe('POST /cart/remove/', () => {
  it('takes the item out of the cookie with the next stamp and goes back to the cart page', async () => {
    const answer = await removeFromCartHandler(post('/cart/remove/', { cookie: cartCookie([first!.pvId, second!.pvId]), body: new URLSearchParams({ item: first!.pvId.toUpperCase() }) }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/cart/');
    expect(written(answer)).toEqual({ stamp: 5, cart: { header: { customerId: '', checkoutId: '' }, pvItems: [second!.pvId] } });
  });

  it('writes nothing for an item not in the cart; refuses another origin (403) and a field that is no id (400)', async () => {
    const cookie = cartCookie([first!.pvId]);
    const absent = await removeFromCartHandler(post('/cart/remove/', { cookie, body: new URLSearchParams({ item: second!.pvId }) }));
    expect([absent.status, absent.headers.get('location'), absent.headers.get('set-cookie')]).toEqual([303, '/cart/', null]);
    const foreign = await removeFromCartHandler(post('/cart/remove/', { cookie, origin: 'https://evil.example', body: new URLSearchParams({ item: first!.pvId }) }));
    expect([foreign.status, foreign.headers.get('set-cookie')]).toEqual([403, null]);
    const bad = await removeFromCartHandler(post('/cart/remove/', { cookie, body: new URLSearchParams({ item: '<script>' }) }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('That item could not be read. Please go back and try again.');
  });
});

describe('POST /cart/checkout/', () => {
  it('signed out: to sign in and back to the cart, nothing asked of the shop', async () => {
    const shop = installDemoShop();
    const answer = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: cartCookie([first!.pvId]) }));
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/signin/?url=%2Fcart%2F']);
    expect(shop.calls).toHaveLength(0);
  });

  it("signed in: to the shop's checkout, the shop's cart id kept in the cookie, and the same cart again next time", async () => {
    installDemoShop();
    const session = await signedIn();
    const answer = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: `${session}; ${cartCookie([first!.pvId])}` }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/demo-checkout\/[A-Za-z0-9_-]+\/$/);
    const { stamp, cart } = written(answer);
    expect(stamp).toBe(5);
    expect(cart.pvItems).toEqual([first!.pvId]);
    expect(cart.header.checkoutId).toMatch(/^gid:\/\/shopify\/Cart\//);
    await forgetCheckoutsForTests();
    const again = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: `${session}; ${cartCookie([first!.pvId], 5, cart.header.checkoutId)}` }));
    expect(written(again).cart.header.checkoutId).toBe(cart.header.checkoutId);
  });

  it('a refusal goes back to the cart page with its code and writes nothing: two items, an empty cart, the shop down', async () => {
    const shop = installDemoShop();
    const session = await signedIn();
    const two = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: `${session}; ${cartCookie([first!.pvId, second!.pvId])}` }));
    expect([two.status, two.headers.get('location'), two.headers.get('set-cookie')]).toEqual([303, '/cart/?error=too-many-items', null]);
    const empty = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: session }));
    expect(empty.headers.get('location')).toBe('/cart/?error=empty-cart');
    shop.failNext('network', 3);
    const down = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: `${session}; ${cartCookie([first!.pvId])}` }));
    expect(down.headers.get('location')).toBe('/cart/?error=unreachable');
    expect(errorLog).toHaveBeenCalledWith(expect.stringMatching(/^\[shop\] checkout from the cart page failed/));
  });

  it('refuses another origin (403) before anything else', async () => {
    const shop = installDemoShop();
    const answer = await checkoutFromCartHandler(post('/cart/checkout/', { cookie: `${await signedIn()}; ${cartCookie([first!.pvId])}`, origin: 'https://evil.example' }));
    expect(answer.status).toBe(403);
    expect(shop.calls).toHaveLength(0);
  });
});
