import { adminGiftCardIssuer } from './admin-gift-cards';
import { SHOPIFY_API_VERSION } from './constants';

type Call = { url: string; init: RequestInit; body: { query: string; variables: Record<string, unknown> } };

function fakeAdmin(answers: unknown[]) {
  const calls: Call[] = [];
  const fetchApi = async (url: string, init?: RequestInit) => {
    calls.push({ url, init: init!, body: JSON.parse(String(init!.body)) });
    const answer = answers.shift();
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, issuer: adminGiftCardIssuer({ storeDomain: 'salon.myshopify.com', adminToken: 'shpat_test' }, fetchApi) };
}

describe("a real store's gift cards for credit (Admin API)", () => {
  it('creates one of the amount with the Admin token at the pinned version, and answers its code and id', async () => {
    const { calls, issuer } = fakeAdmin([{ data: { giftCardCreate: { giftCard: { id: 'gid://shopify/GiftCard/7', lastCharacters: 'W4YZ' }, giftCardCode: 'abcd2345efgh6789w4yz', userErrors: [] } } }]);
    expect(await issuer.issue({ cents: 5_050, email: 'ana@example.com' })).toEqual({ code: 'abcd2345efgh6789w4yz', id: 'gid://shopify/GiftCard/7' });
    expect(calls[0]!.url).toBe(`https://salon.myshopify.com/admin/api/${SHOPIFY_API_VERSION}/graphql.json`);
    expect(new Headers(calls[0]!.init.headers).get('x-shopify-access-token')).toBe('shpat_test');
    expect(calls[0]!.body.query).toMatch(/giftCardCreate\(input: \$input\)/);
    expect(calls[0]!.body.variables).toEqual({ input: { initialValue: '50.50', note: expect.stringContaining('ana@example.com') } });
  });

  it('turns refusals, errors and an unreachable store into ShopErrors for the log', async () => {
    const refused = fakeAdmin([{ data: { giftCardCreate: { giftCard: null, giftCardCode: null, userErrors: [{ code: 'INVALID', message: 'Initial value is invalid' }] } } }]);
    await expect(refused.issuer.issue({ cents: 100, email: 'a@example.com' })).rejects.toMatchObject({ code: 'shop-error', message: 'giftCardCreate: INVALID Initial value is invalid' });
    const denied = fakeAdmin([new Response('{"errors":"[API] Invalid API key"}', { status: 401 })]);
    await expect(denied.issuer.issue({ cents: 100, email: 'a@example.com' })).rejects.toMatchObject({ code: 'unreachable' });
    const scope = fakeAdmin([{ errors: [{ message: 'Access denied for giftCardCreate field.' }] }]);
    await expect(scope.issuer.issue({ cents: 100, email: 'a@example.com' })).rejects.toMatchObject({ code: 'shop-error' });
  });

  it('voids a card by deactivating it', async () => {
    const { calls, issuer } = fakeAdmin([{ data: { giftCardDeactivate: { giftCard: { id: 'gid://shopify/GiftCard/7' }, userErrors: [] } } }]);
    await issuer.void({ code: 'x', id: 'gid://shopify/GiftCard/7' });
    expect(calls[0]!.body).toMatchObject({ query: expect.stringMatching(/giftCardDeactivate\(id: \$id\)/), variables: { id: 'gid://shopify/GiftCard/7' } });
  });
});

describe('which store issues gift cards for credit', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ['SHOPIFY_STORE_DOMAIN', 'SHOPIFY_STOREFRONT_ACCESS_TOKEN', 'SHOPIFY_ADMIN_TOKEN'] as const) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('the demo store always; a real store only with an Admin token', async () => {
    const { creditGiftCardIssuer, creditPaysPackages } = await import('./credit-gift-card');
    delete process.env.SHOPIFY_STORE_DOMAIN;
    expect(creditPaysPackages()).toBe(true);
    process.env.SHOPIFY_STORE_DOMAIN = 'salon.myshopify.com';
    process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = 'public-token';
    delete process.env.SHOPIFY_ADMIN_TOKEN;
    expect(creditGiftCardIssuer()).toBeUndefined();
    expect(creditPaysPackages()).toBe(false);
    process.env.SHOPIFY_ADMIN_TOKEN = 'shpat_test';
    expect(creditPaysPackages()).toBe(true);
  });
});
