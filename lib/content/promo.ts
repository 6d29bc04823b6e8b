/**
 * The home page's banner (specification sections 2, 4 and 9): how long it shows. Its text, link and days are the
 * owner's (/desk/promotions/, lib/marketing/); its cookie is in promo-cookie.ts.
 */
export const PROMO_AUTO_HIDE_MS = 7000;
