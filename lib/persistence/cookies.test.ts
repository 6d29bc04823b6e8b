import { hasSavedStateCookie } from './cookies';

describe('hasSavedStateCookie', () => {
  it('finds any saved-state cookie with a value', () => {
    expect(hasSavedStateCookie('bnp_card=eyJ9')).toBe(true);
    expect(hasSavedStateCookie('theme=dark; bnp_fav=abc')).toBe(true);
    expect(hasSavedStateCookie('a=1;BnpAuth=x;b=2')).toBe(true);
    expect(hasSavedStateCookie(' bnp_loc=1')).toBe(true);
    expect(hasSavedStateCookie('bnp_shop=e30')).toBe(true);
  });

  it('ignores other cookies, empty values and names that only contain a saved one', () => {
    expect(hasSavedStateCookie('')).toBe(false);
    expect(hasSavedStateCookie('theme=dark; session=1')).toBe(false);
    expect(hasSavedStateCookie('bnp_card=; bnp_fav= ')).toBe(false);
    expect(hasSavedStateCookie('xbnp_card=1; bnp_cardx=1; =bnp_card')).toBe(false);
    expect(hasSavedStateCookie('bnp_card')).toBe(false);
  });
});
