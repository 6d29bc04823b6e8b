import 'server-only';
import { env, type Env } from '@/lib/env';
import { DEMO_STOREFRONT_TOKEN } from './constants';

export interface ShopConfig {
  mode: 'shopify' | 'demo';
  /** The host the Storefront client talks to and the only host a checkout address may be on. */
  storeDomain: string;
  publicAccessToken: string;
  webhookSecret: string | undefined;
  /** The site's own origin (the demo's checkout pages live there). */
  siteOrigin: string;
}

type ShopEnv = Pick<Env, 'SHOPIFY_STORE_DOMAIN' | 'SHOPIFY_STOREFRONT_ACCESS_TOKEN' | 'SHOPIFY_WEBHOOK_SECRET' | 'SITE_URL'>;

/** Which shop the app talks to: the configured Shopify store, or the demo storefront served by the app itself. */
export function shopConfig(current: ShopEnv = env()): ShopConfig {
  const siteOrigin = new URL(current.SITE_URL).origin;
  if (current.SHOPIFY_STORE_DOMAIN) {
    if (!current.SHOPIFY_STOREFRONT_ACCESS_TOKEN) {
      throw new Error('Invalid environment: SHOPIFY_STOREFRONT_ACCESS_TOKEN is required with SHOPIFY_STORE_DOMAIN');
    }
    return {
      mode: 'shopify',
      storeDomain: current.SHOPIFY_STORE_DOMAIN.toLowerCase(),
      publicAccessToken: current.SHOPIFY_STOREFRONT_ACCESS_TOKEN,
      webhookSecret: current.SHOPIFY_WEBHOOK_SECRET,
      siteOrigin,
    };
  }
  return { mode: 'demo', storeDomain: new URL(siteOrigin).host, publicAccessToken: DEMO_STOREFRONT_TOKEN, webhookSecret: current.SHOPIFY_WEBHOOK_SECRET, siteOrigin };
}

export function isDemoShop(): boolean {
  return shopConfig().mode === 'demo';
}

/**
 * The browser is only ever sent to the configured shop: a checkout address on another host (or not https for a
 * real shop) is refused. The demo's checkout pages live on the site itself.
 */
export function isShopCheckoutUrl(checkoutUrl: string, config: ShopConfig = shopConfig()): boolean {
  let url: URL;
  try {
    url = new URL(checkoutUrl);
  } catch {
    return false;
  }
  if (config.mode === 'demo') return url.origin === config.siteOrigin;
  return url.protocol === 'https:' && url.host === config.storeDomain;
}
