import { ONE_ITEM_ALLOWED, CHECKOUT_WARNING_MS, EMPTY_CART_MESSAGE } from './messages';

export interface CheckoutDeps {
  itemCount: number;
  isAuth: boolean;
  closeDrawer: () => void;
  warn: (message: string, duration: number) => void;
  navigate: (href: string) => void;
}

export type CheckoutOutcome = 'empty' | 'one-item-only' | 'sign-in' | 'checkout';

export const CHECKOUT_PATH = '/checkout/';
export const SIGN_IN_FOR_CHECKOUT = `/signin/?url=${encodeURIComponent(CHECKOUT_PATH)}`;

/**
 * The browser's part of the checkout flow (specification section 4): one item only, signed in, then the checkout
 * route, which matches the sku to the shop's variant and sends the browser on to the shop (lib/shopify/checkout.ts).
 */
export function beginCheckout(deps: CheckoutDeps): CheckoutOutcome {
  if (deps.itemCount === 0) {
    console.error(EMPTY_CART_MESSAGE);
    return 'empty';
  }
  if (deps.itemCount > 1) {
    deps.warn(ONE_ITEM_ALLOWED, CHECKOUT_WARNING_MS);
    return 'one-item-only';
  }
  deps.closeDrawer();
  if (!deps.isAuth) {
    deps.navigate(SIGN_IN_FOR_CHECKOUT);
    return 'sign-in';
  }
  deps.navigate(CHECKOUT_PATH);
  return 'checkout';
}
