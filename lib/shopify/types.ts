// Raw shapes of the Storefront API (as the documents in fragments/, queries/ and mutations/ select them) are kept
// apart from the app's own types; the private reshape* functions in index.ts turn one into the other.

export type Maybe<T> = T | null;

export interface ShopifyMoney {
  amount: string;
  currencyCode: string;
}

export interface ShopifyPageInfo {
  hasNextPage: boolean;
  endCursor: Maybe<string>;
}

export interface ShopifyConnection<T> {
  nodes: T[];
  pageInfo: ShopifyPageInfo;
}

export interface ShopifyProductVariant {
  __typename?: 'ProductVariant';
  id: string;
  sku: Maybe<string>;
  title: string;
  price: ShopifyMoney;
  product: { id: string; title: string; handle: string };
}

export interface ShopifyProductSkus {
  id: string;
  variants: { nodes: Array<Pick<ShopifyProductVariant, 'id' | 'sku'>> };
}

export interface ShopifyDiscountAllocation {
  discountedAmount: ShopifyMoney;
  code?: string;
}

export interface ShopifyCartLine {
  id: string;
  quantity: number;
  merchandise: ShopifyProductVariant;
  cost: { subtotalAmount: ShopifyMoney; totalAmount: ShopifyMoney };
  discountAllocations: ShopifyDiscountAllocation[];
}

export interface ShopifyCart {
  id: string;
  checkoutUrl: string;
  createdAt: string;
  updatedAt: string;
  note: Maybe<string>;
  totalQuantity: number;
  buyerIdentity: { email: Maybe<string> };
  attributes: Array<{ key: string; value: Maybe<string> }>;
  discountCodes: Array<{ code: string; applicable: boolean }>;
  appliedGiftCards: Array<{ id: string; lastCharacters: string; amountUsed: ShopifyMoney; balance: ShopifyMoney }>;
  cost: { subtotalAmount: ShopifyMoney; totalAmount: ShopifyMoney };
  lines: ShopifyConnection<ShopifyCartLine>;
}

export interface ShopifyUserError {
  code: Maybe<string>;
  field: Maybe<string[]>;
  message: string;
}

export interface ShopifyCartWarning {
  code: string;
  message: string;
  target: string;
}

export interface ShopifyCartPayload {
  cart: Maybe<ShopifyCart>;
  userErrors: ShopifyUserError[];
  warnings: ShopifyCartWarning[];
}

export interface ShopifyProductSkusOperation {
  data: { products: ShopifyConnection<ShopifyProductSkus> };
  variables: { first: number; after?: string | null };
}

export interface ShopifyCartOperation {
  data: { cart: Maybe<ShopifyCart> };
  variables: { cartId: string };
}

export interface ShopifyCreateCartOperation {
  data: { cartCreate: ShopifyCartPayload };
  variables: { input: { buyerIdentity?: { email: string }; note?: string; attributes?: Array<{ key: string; value: string }> } };
}

export interface ShopifyAddToCartOperation {
  data: { cartLinesAdd: ShopifyCartPayload };
  variables: { cartId: string; lines: Array<{ merchandiseId: string; quantity: number }> };
}

export interface ShopifyRemoveFromCartOperation {
  data: { cartLinesRemove: ShopifyCartPayload };
  variables: { cartId: string; lineIds: string[] };
}

export interface ShopifyUpdateDiscountCodesOperation {
  data: { cartDiscountCodesUpdate: ShopifyCartPayload };
  variables: { cartId: string; discountCodes: string[] };
}

export interface ShopifyUpdateGiftCardCodesOperation {
  data: { cartGiftCardCodesUpdate: ShopifyCartPayload };
  variables: { cartId: string; giftCardCodes: string[] };
}

// ---- The app's types ----

export interface Money {
  /** In the currency's major unit, e.g. 240.5 dollars. */
  amount: number;
  currencyCode: string;
}

export interface CartLine {
  id: string;
  quantity: number;
  variantId: string;
  sku: string | null;
  title: string;
  productTitle: string;
  subtotal: Money;
  total: Money;
  discount: Money;
}

export interface Cart {
  id: string;
  checkoutUrl: string;
  note: string | null;
  email: string | null;
  attributes: Record<string, string>;
  discountCodes: Array<{ code: string; applicable: boolean }>;
  /** Gift cards applied to the cart: what each pays of it and its balance before this order. */
  appliedGiftCards: Array<{ lastCharacters: string; amountUsed: Money; balance: Money }>;
  lines: CartLine[];
  totalQuantity: number;
  subtotal: Money;
  total: Money;
}

/** sku -> variant id, from the shop's product list. */
export type SkuVariantMap = ReadonlyMap<string, string>;

export interface Buyer {
  /** The salon's customer id (a GUID): the cart's note and its 'userid' attribute. */
  userId: string;
  email: string;
}
