import { DEMO_STOREFRONT_TOKEN } from '@/lib/shopify/constants';
import { POST } from './route';

const saved = { domain: process.env.SHOPIFY_STORE_DOMAIN, token: process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN };
afterEach(() => {
  for (const [key, value] of [
    ['SHOPIFY_STORE_DOMAIN', saved.domain],
    ['SHOPIFY_STOREFRONT_ACCESS_TOKEN', saved.token],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

function request() {
  return new Request('http://localhost:3000/api/demo-shopify/graphql/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': DEMO_STOREFRONT_TOKEN },
    body: JSON.stringify({ query: 'query { products(first: 1) { nodes { id } } }' }),
  });
}

describe('POST /api/demo-shopify/graphql/', () => {
  it('answers as the demo storefront when no Shopify store is configured', async () => {
    delete process.env.SHOPIFY_STORE_DOMAIN;
    const response = await POST(request());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { products: { nodes: Array<{ id: string }> } } };
    expect(body.data.products.nodes[0]!.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
  });

  it('is not there when a real store is configured', async () => {
    process.env.SHOPIFY_STORE_DOMAIN = 'salon.myshopify.com';
    process.env.SHOPIFY_STOREFRONT_ACCESS_TOKEN = 'public-token';
    expect((await POST(request())).status).toBe(404);
  });
});
