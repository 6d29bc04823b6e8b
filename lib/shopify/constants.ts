import { STOREFRONT_SCHEMA_VERSION } from './demo/schema/storefront-subset.generated';

/**
 * The Storefront API version the app speaks, pinned to the version of the schema the demo storefront and the tests
 * validate every document against (Shopify supports a version for twelve months; bump both together).
 */
export const SHOPIFY_API_VERSION: string = STOREFRONT_SCHEMA_VERSION;

/** Product list for the sku map: pages of 250 sorted by id, four pages at most (specification section 9). */
export const PRODUCT_PAGE_SIZE = 250;
export const MAX_PRODUCT_PAGES = 4;

/** How long the sku-to-variant map is kept before the product list is read again. */
export const SKU_MAP_TTL_MS = 15 * 60 * 1000;

/** A Storefront call that takes longer than this counts as the shop being unreachable. */
export const SHOPIFY_TIMEOUT_MS = 8000;

/** The demo storefront's public access token: not a secret, it only mimics Shopify's header check. */
export const DEMO_STOREFRONT_TOKEN = 'demo-storefront-public-token';

export const GID = {
  cart: 'gid://shopify/Cart/',
  cartLine: 'gid://shopify/CartLine/',
  product: 'gid://shopify/Product/',
  variant: 'gid://shopify/ProductVariant/',
} as const;

/**
 * The store's deposit product (issue 37, docs/decisions.md 'Deposits'): one variant at $1.00 with this SKU, bought in
 * the deposit's whole dollars, since the Storefront API cannot set a line's price.
 */
export const DEPOSIT_SKU = 'DEPOSIT-1';
/** The deposit cart's attribute naming the visit waiting for it (pending_deposits.id, the booking's reference). */
export const DEPOSIT_ATTRIBUTE = 'deposit';

/** The discount code of a discounted item: '{n}%OFF' (specification section 4). */
export function discountCodeFor(percent: number | null | undefined): string | undefined {
  return percent ? `${percent}%OFF` : undefined;
}
