import 'server-only';
import { z } from 'zod';
import { env, siteUrl } from '@/lib/env';
import { setSharedSlot, sharedSlot } from '@/lib/server/shared-slots.mjs';
import { DEMO_STOREFRONT_TOKEN } from '../constants';
import { catalogDemoProducts } from './products';
import { fileDemoShopStore } from './store';
import { createDemoStorefront, type DemoShopContext, type DemoStorefront } from './storefront';

const MAX_BODY_BYTES = 64 * 1024;

const requestSchema = z.object({
  query: z.string().min(1).max(20_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});

/** Tests that route lib/shopify to an in-memory demo shop (testing.ts) make the site's own calls use it too. */
export function setDemoStorefrontForTests(storefront: DemoStorefront | undefined): void {
  setSharedSlot('demoStorefrontForTests', storefront);
}

/** The demo shop of this process, keeping its carts and orders under DATA_DIR (one instance per process). */
export function demoStorefront(): DemoStorefront {
  const forTests = sharedSlot('demoStorefrontForTests');
  if (forTests) return forTests;
  const dataDir = env().DATA_DIR;
  let demo = sharedSlot('demoStorefront');
  if (demo?.dataDir !== dataDir) {
    const context: DemoShopContext = {
      store: fileDemoShopStore(dataDir),
      products: catalogDemoProducts,
      checkoutOrigin: siteUrl(),
      now: () => new Date(),
    };
    demo = { dataDir, storefront: createDemoStorefront(context) };
    setSharedSlot('demoStorefront', demo);
  }
  return demo.storefront;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * The demo shop's GraphQL endpoint, answering like Shopify's `/api/{version}/graphql.json`: the access-token
 * header, a JSON body of query and variables, `{ data, errors }` back.
 */
export async function handleDemoStorefrontRequest(request: Request, storefront: DemoStorefront = demoStorefront()): Promise<Response> {
  if (request.method !== 'POST') return json({ errors: [{ message: 'Use POST.' }] }, 405);
  if (request.headers.get('x-shopify-storefront-access-token') !== DEMO_STOREFRONT_TOKEN) {
    return json({ errors: [{ message: 'Invalid or missing access token.', extensions: { code: 'UNAUTHORIZED' } }] }, 401);
  }
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return json({ errors: [{ message: 'Send application/json.' }] }, 415);
  }
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return json({ errors: [{ message: 'The request is too large.' }] }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ errors: [{ message: 'The body is not JSON.' }] }, 400);
  }
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return json({ errors: [{ message: 'The body needs a query string and optional variables.' }] }, 400);
  const result = await storefront.execute(parsed.data);
  return json(result, 200);
}
