import { COOKIE_NAMES } from './cookies';
import { AUTH_COOKIE, CARD_COOKIE, FAVORITES_COOKIE, SAVED_STATE_SCRIPT, SHOP_COOKIE } from './saved-state-script';

describe('the saved-state script', () => {
  it("reads the cookies the stores write, by the names written out in its module", () => {
    expect({ card: CARD_COOKIE, favorites: FAVORITES_COOKIE, shop: SHOP_COOKIE, auth: AUTH_COOKIE }).toEqual({
      card: COOKIE_NAMES.card,
      favorites: COOKIE_NAMES.favorites,
      shop: COOKIE_NAMES.shop,
      auth: COOKIE_NAMES.auth,
    });
    for (const name of [COOKIE_NAMES.card, COOKIE_NAMES.favorites, COOKIE_NAMES.shop, COOKIE_NAMES.auth]) expect(SAVED_STATE_SCRIPT).toContain(`c.${name}||''`);
  });
});
