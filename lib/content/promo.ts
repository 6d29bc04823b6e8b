/** The home page's promo banner (specification sections 2, 4 and 9). */
export const PROMO_COOKIE = 'PromoSnackOpen';
export const PROMO_AUTO_HIDE_MS = 7000;
export const PROMO_COOKIE_SECONDS = 60;
export const PROMO_TEXT = 'Spring laser sale: 40% off laser hair removal packages';
export const PROMO_HREF = '/specials/women/laser/';

/** Set when the banner hides: it stays hidden for a minute. */
export function promoCookie(secure: boolean): string {
  return `${PROMO_COOKIE}=1; Max-Age=${PROMO_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a Cookie header or document.cookie carries the promo cookie. */
export function promoDismissed(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${PROMO_COOKIE}=`));
}
