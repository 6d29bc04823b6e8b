import 'server-only';
import { createStorefrontApiClient, type StorefrontApiClient } from '@shopify/storefront-api-client';
import { SHOPIFY_API_VERSION, SHOPIFY_TIMEOUT_MS } from './constants';
import { shopConfig, type ShopConfig } from './config';
import { ShopError } from './errors';

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Sends the demo storefront's requests to its handler in this process instead of over the network. */
async function demoFetch(url: string, init?: RequestInit): Promise<Response> {
  const { handleDemoStorefrontRequest } = await import('./demo/handler');
  return handleDemoStorefrontRequest(new Request(url, init));
}

let override: FetchLike | undefined;
let cached: { key: string; client: StorefrontApiClient } | undefined;

/** Tests route the client to a fake or an in-process demo storefront; `undefined` restores the default. */
export function setShopifyFetchForTests(fetchApi: FetchLike | undefined): void {
  override = fetchApi;
  cached = undefined;
}

function client(config: ShopConfig): StorefrontApiClient {
  const key = `${config.mode}|${config.storeDomain}|${config.publicAccessToken}`;
  if (cached?.key !== key) {
    const fetchApi: FetchLike = override ?? (config.mode === 'demo' ? demoFetch : (url, init) => fetch(url, { ...init, cache: 'no-store' }));
    cached = {
      key,
      client: createStorefrontApiClient({
        storeDomain: config.storeDomain,
        apiVersion: SHOPIFY_API_VERSION,
        publicAccessToken: config.publicAccessToken,
        customFetchApi: fetchApi,
      }),
    };
  }
  return cached.client;
}

/**
 * One Storefront API call. The shop being down, slow or answering 4xx/5xx becomes ShopError('unreachable');
 * GraphQL errors in the answer become ShopError('shop-error'). Either way the message is for the log.
 */
export async function shopifyFetch<T extends { data: unknown; variables: object }>(query: string, variables: T['variables']): Promise<T['data']> {
  const config = shopConfig();
  let response;
  try {
    response = await client(config).request<T['data']>(query, {
      variables: variables as Record<string, unknown>,
      signal: AbortSignal.timeout(SHOPIFY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ShopError('unreachable', `Storefront request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const { data, errors } = response;
  if (errors) {
    if (errors.graphQLErrors?.length) {
      throw new ShopError('shop-error', `Storefront answered errors: ${errors.graphQLErrors.map((error) => error.message).join('; ')}`);
    }
    throw new ShopError('unreachable', `Storefront unreachable (${errors.networkStatusCode ?? 'no answer'}): ${errors.message ?? ''}`);
  }
  if (data == null) throw new ShopError('shop-error', 'Storefront answered without data');
  return data;
}
