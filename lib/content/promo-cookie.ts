/** The promo banner's cookie, apart from its text: the home page's first load reads only this (PromoBanner.tsx). */
export const PROMO_COOKIE = 'PromoSnackOpen';
export const PROMO_COOKIE_SECONDS = 60;

/** Set when the banner hides: it stays hidden for a minute. */
export function promoCookie(secure: boolean): string {
  return `${PROMO_COOKIE}=1; Max-Age=${PROMO_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a Cookie header or document.cookie carries the promo cookie. */
export function promoDismissed(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${PROMO_COOKIE}=`));
}
