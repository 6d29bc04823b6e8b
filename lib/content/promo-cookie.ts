/** The promo banner's cookie, apart from its text: the home page's first load reads only this (PromoBanner.tsx). */
export const PROMO_COOKIE = 'PromoSnackOpen';
/** Set when the banner hides (stores/saved-state/jar.ts writes it): it stays hidden for a minute. */
export const PROMO_COOKIE_SECONDS = 60;

/** Whether a Cookie header or document.cookie carries the promo cookie. */
export function promoDismissed(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${PROMO_COOKIE}=`));
}
