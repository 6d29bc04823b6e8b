import 'server-only';
import { z } from 'zod';
import { siteUrl } from '@/lib/site';
import { DEMO_STOREFRONT_TOKEN } from './constants';

export type ShopConfig =
  | { mode: 'shopify'; storeDomain: string; publicAccessToken: string; webhookSecret: string | undefined }
  | { mode: 'demo'; storeDomain: string; publicAccessToken: string; webhookSecret: string | undefined };

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const shopEnvSchema = z
  .object({
    /** The shop's own domain, e.g. `salon.myshopify.com` (no scheme, no path). Unset: the demo storefront. */
    SHOPIFY_STORE_DOMAIN: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a host name such as salon.myshopify.com')
        .optional(),
    ),
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: z.preprocess(blankToUndefined, z.string().trim().min(8).optional()),
    /** Signs the orders webhook (Shopify admin > Notifications > Webhooks). */
    SHOPIFY_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().trim().min(8).optional()),
  })
  .refine((env) => !env.SHOPIFY_STORE_DOMAIN || env.SHOPIFY_STOREFRONT_ACCESS_TOKEN, {
    message: 'SHOPIFY_STOREFRONT_ACCESS_TOKEN is required with SHOPIFY_STORE_DOMAIN',
    path: ['SHOPIFY_STOREFRONT_ACCESS_TOKEN'],
  });

/** Which shop the app talks to: the configured Shopify store, or the demo storefront served by the app itself. */
export function shopConfig(source: Record<string, string | undefined> = process.env): ShopConfig {
  const parsed = shopEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid shop settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const env = parsed.data;
  if (env.SHOPIFY_STORE_DOMAIN && env.SHOPIFY_STOREFRONT_ACCESS_TOKEN) {
    return {
      mode: 'shopify',
      storeDomain: env.SHOPIFY_STORE_DOMAIN,
      publicAccessToken: env.SHOPIFY_STOREFRONT_ACCESS_TOKEN,
      webhookSecret: env.SHOPIFY_WEBHOOK_SECRET,
    };
  }
  return { mode: 'demo', storeDomain: new URL(siteUrl()).host, publicAccessToken: DEMO_STOREFRONT_TOKEN, webhookSecret: env.SHOPIFY_WEBHOOK_SECRET };
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
  if (config.mode === 'demo') {
    const site = new URL(siteUrl());
    return url.origin === site.origin;
  }
  return url.protocol === 'https:' && url.host === config.storeDomain;
}
