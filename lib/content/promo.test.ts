import { PROMO_AUTO_HIDE_MS } from './promo';
import { PROMO_COOKIE_SECONDS, promoDismissed } from './promo-cookie';

describe('promo banner rules', () => {
  it('hides after 7 seconds and remembers it for one minute', () => {
    expect(PROMO_AUTO_HIDE_MS).toBe(7000);
    expect(PROMO_COOKIE_SECONDS).toBe(60);
  });

  it('reads the cookie from a cookie string', () => {
    expect(promoDismissed('a=1; PromoSnackOpen=1')).toBe(true);
    expect(promoDismissed('PromoSnackOpen=1')).toBe(true);
    expect(promoDismissed('a=1; NotPromoSnackOpen=1')).toBe(false);
    expect(promoDismissed('')).toBe(false);
  });
});
