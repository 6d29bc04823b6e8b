/** The home page's promo banner (specification sections 2, 4 and 9); its cookie is in promo-cookie.ts. */
export const PROMO_AUTO_HIDE_MS = 7000;
export const PROMO_TEXT = 'Spring laser sale: 40% off laser hair removal packages';
export const PROMO_HREF = '/specials/women/laser/';
