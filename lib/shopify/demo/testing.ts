import 'server-only';
import { parse, validate } from 'graphql';
import { setShopifyFetchForTests } from '../client';
import { handleDemoStorefrontRequest, setDemoStorefrontForTests } from './handler';
import { catalogDemoProducts, type DemoProduct } from './products';
import { storefrontSubsetSchema } from './schema';
import { memoryDemoShopStore, type DemoShopStore } from './store';
import { createDemoStorefront, type DemoStorefront } from './storefront';

export interface RecordedCall {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  /** Validation errors of the document against Shopify's schema subset (expected empty). */
  validationErrors: string[];
}

export interface InstalledDemoShop {
  storefront: DemoStorefront;
  store: DemoShopStore;
  calls: RecordedCall[];
  operations(): string[];
  /** The next `count` requests fail as given instead of reaching the demo shop. */
  failNext(kind: 'network' | 'http500' | 'graphql', count?: number): void;
  setNow(date: Date): void;
  /** The fetch the client was routed to: give it to a second copy of lib/shopify (a second instance in a test). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/**
 * Routes lib/shopify's Storefront client to an in-process demo storefront with an in-memory store, recording every
 * document it sends together with its validation against the Storefront schema subset.
 */
export function installDemoShop(options: { products?: readonly DemoProduct[]; checkoutOrigin?: string } = {}): InstalledDemoShop {
  const store = memoryDemoShopStore();
  let now = new Date('2026-11-20T15:00:00Z');
  const storefront = createDemoStorefront({
    store,
    products: () => options.products ?? catalogDemoProducts(),
    checkoutOrigin: options.checkoutOrigin ?? (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
    now: () => now,
  });
  const calls: RecordedCall[] = [];
  const failures: Array<'network' | 'http500' | 'graphql'> = [];
  const fetchDemo = async (url: string, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables?: Record<string, unknown> };
    const document = parse(body.query);
    const definition = document.definitions.find((node) => node.kind === 'OperationDefinition');
    calls.push({
      operationName: definition && 'name' in definition ? (definition.name?.value ?? '') : '',
      query: body.query,
      variables: body.variables ?? {},
      validationErrors: validate(storefrontSubsetSchema(), document).map((error) => error.message),
    });
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed');
    if (failure === 'http500') return new Response('upstream exploded', { status: 500, statusText: 'Internal Server Error' });
    if (failure === 'graphql') {
      return new Response(JSON.stringify({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return handleDemoStorefrontRequest(new Request(url, init), storefront);
  };
  setShopifyFetchForTests(fetchDemo);
  setDemoStorefrontForTests(storefront);
  return {
    fetch: fetchDemo,
    storefront,
    store,
    calls,
    operations: () => calls.map((call) => call.operationName),
    failNext(kind, count = 1) {
      for (let i = 0; i < count; i += 1) failures.push(kind);
    },
    setNow(date) {
      now = date;
    },
  };
}
