import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { SAVED_STATE_COOKIES, hasSavedState, oneTwinParam, savedStateRoute } from './saved-state-pages';
import { publicPathname } from './saved-state-path';

describe('the twin route of a page for visitors with saved state', () => {
  it.each([
    ['/', '/with-saved-state/'],
    ['/services/', '/with-saved-state/services/'],
    ['/services/womens-wax/', '/with-saved-state/services/womens-wax/'],
    ['/services/favorites/', '/with-saved-state/services/favorites/'],
    ['/soho/services/womens-brazilian-wax/', '/with-saved-state/soho/services/womens-brazilian-wax/'],
    ['/specials/women/', '/with-saved-state/specials/women/'],
    ['/packages/brazilian-6/', '/with-saved-state/packages/brazilian-6/'],
    ['/about-us/', '/with-saved-state/about-us/'],
    // Unknown addresses go to the twin too, which answers 404 as the prerendered route does.
    ['/no-such-page/', '/with-saved-state/no-such-page/'],
  ])('%s is served from %s', (path, twin) => {
    expect(savedStateRoute(path)).toBe(twin);
  });

  it.each([
    '/api/slots/',
    '/booking/',
    '/booking/confirmation/abc/',
    '/account/',
    '/checkout/',
    '/demo-checkout/x/',
    '/signin/',
    '/signup/',
    '/resetemail/',
    '/resetpassword/token/',
    '/resetconfirmation/',
    '/resetnotvalid/',
    '/subscription/',
    '/with-saved-state/services/',
    '/_next/static/chunks/app.js',
    '/images/services/wax.jpg',
    '/robots.txt',
    '/sitemap.xml',
    '/icon.svg',
  ])('%s is never rewritten', (path) => {
    expect(savedStateRoute(path)).toBeUndefined();
  });

  it('gives back the address the visitor sees', () => {
    expect(publicPathname('/with-saved-state/services/womens-wax/')).toBe('/services/womens-wax/');
    expect(publicPathname('/with-saved-state/')).toBe('/');
    expect(publicPathname('/with-saved-state')).toBe('/');
    expect(publicPathname('/services/womens-wax/')).toBe('/services/womens-wax/');
    expect(publicPathname('/with-saved-statement/')).toBe('/with-saved-statement/');
  });

  it('counts the card, favourites, shopping cart and profile as saved state, not the location', () => {
    expect(hasSavedState([COOKIE_NAMES.card])).toBe(true);
    expect(hasSavedState(['other', COOKIE_NAMES.favorites])).toBe(true);
    expect(hasSavedState([COOKIE_NAMES.shop])).toBe(true);
    expect(hasSavedState([COOKIE_NAMES.auth])).toBe(true);
    expect(hasSavedState([COOKIE_NAMES.location, 'other'])).toBe(false);
    expect(hasSavedState([])).toBe(false);
    expect(SAVED_STATE_COOKIES).not.toContain(COOKIE_NAMES.location);
  });
});

describe('oneTwinParam', () => {
  it("keeps the first of the original page's params", async () => {
    expect(await oneTwinParam(() => [{ svc: 'a' }, { svc: 'b' }])()).toEqual([{ svc: 'a' }]);
    expect(await oneTwinParam(async () => [{ slug: 'x' }])()).toEqual([{ slug: 'x' }]);
  });
});
