/** Why a shop step failed; each maps to one message for the person (see `shopErrorMessage`). */
export type ShopErrorCode =
  | 'unreachable'
  | 'shop-error'
  | 'checkout-id-missing'
  | 'empty-cart'
  | 'too-many-items'
  | 'unknown-item'
  | 'not-in-shop'
  | 'already-bought'
  | 'not-new-client'
  | 'bad-checkout-url';

export class ShopError extends Error {
  readonly code: ShopErrorCode;

  constructor(code: ShopErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShopError';
    this.code = code;
  }
}

/** The specification's log lines for checkout failures, used as written. */
export const CHECKOUT_ID_MISSING = 'Checkout id missing';
export const EMPTY_BOOKING_CART = 'Empty booking cart!';
export const ONE_ITEM_ONLY = 'One item allowed only!';

const MESSAGES: Record<ShopErrorCode, string> = {
  unreachable: 'The shop cannot be reached right now. Your cart is kept; please try again in a minute.',
  'shop-error': 'The shop could not start your checkout. Your cart is kept; please try again in a minute.',
  'checkout-id-missing': 'The shop could not start your checkout. Your cart is kept; please try again.',
  'empty-cart': 'Your shopping cart is empty. Add a package or bundle, then check out.',
  'too-many-items': ONE_ITEM_ONLY,
  'unknown-item': 'An item in your cart is no longer offered. Please remove it and choose again.',
  'not-in-shop': 'This item cannot be bought online yet. Please call the salon to buy it.',
  'already-bought': 'This first-session offer is for new clients, and you have bought a first-session offer before. Please remove it: the service’s packages are on its page.',
  'not-new-client': 'This first-session offer is for new clients, and you have visited us before. Please remove it: the service’s packages are on its page.',
  'bad-checkout-url': 'The shop sent an unexpected checkout address, so we stopped. Your cart is kept.',
};

/** Whether a value (a query parameter) is one of the codes. */
export function isShopErrorCode(value: unknown): value is ShopErrorCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** A clear sentence for the person; never the internals of the shop's answer. */
export function shopErrorMessage(code: ShopErrorCode): string {
  return MESSAGES[code];
}
