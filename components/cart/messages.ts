/** User-facing strings and timings of specification sections 8 and 9 (DESIGN.md 'Messages' spellings). */
export const ONE_ITEM_ALLOWED = 'One item allowed only!';
export const CHECKOUT_WARNING_MS = 5000;
export const EMPTY_CART_MESSAGE = 'Empty booking cart!';
