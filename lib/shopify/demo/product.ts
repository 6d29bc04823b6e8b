/**
 * A variant the demo storefront sells: one package or bundle of the catalogue (a product with a single variant), or
 * one amount of the gift-card product.
 */
export interface DemoProduct {
  /** Numeric part of the ProductVariant gid, and of the Product gid unless `productId` names another. */
  id: number;
  /** The product of a variant that shares it with others (the gift card's amounts). */
  productId?: number;
  title: string;
  /** The variant's own title ('$50'); Shopify's 'Default Title' for a product's only variant. */
  variantTitle?: string;
  /** A Shopify gift-card product: paying for it issues a code, and gift cards do not pay for it. */
  giftCard?: boolean;
  handle: string;
  sku: string;
  /** The list price before the package discount; the '{n}%OFF' code brings it down to the package price. */
  price: number;
}
