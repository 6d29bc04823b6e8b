import { expect, test } from './support/worker-server';
import { signUpByApi } from './support/mail';

const paths = ['/', '/services/womens-wax/', '/no-such-page/', '/images/bench-static.txt', '/robots.txt'];

for (const path of paths) {
  test(`security headers on ${path}`, async ({ request }) => {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain('base-uri');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by']).toBeUndefined();
    // Served over plain http (a LAN address, 127.0.0.1): no HSTS, and no upgrade of form posts to an https that
    // nothing answers, even when the client claims https itself.
    const claimed = (await request.get(path, { headers: { 'x-forwarded-proto': 'https' } })).headers();
    for (const answer of [headers, claimed]) {
      expect(answer['strict-transport-security']).toBeUndefined();
      expect(answer['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });
}

test('a request carrying the internal middleware subrequest header is refused', async ({ request }) => {
  const response = await request.get('/booking/', { headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } });
  expect(response.status()).toBe(400);
});

// The account page is protected by the session check in the page itself, not by middleware, so that no variant of
// the request (an RSC fetch, a prefetch, the internal subrequest header of CVE-2025-29927) can get around it.
test.describe('variants of a protected page', () => {
  const MARKER = 'Upcoming appointments';
  const variants: { name: string; path: string; headers?: Record<string, string> }[] = [
    { name: 'the page', path: '/account/' },
    { name: 'an RSC request', path: '/account/?_rsc=abcde', headers: { rsc: '1' } },
    { name: 'a prefetch', path: '/account/?_rsc=abcde', headers: { rsc: '1', 'next-router-prefetch': '1' } },
    { name: 'a segment prefetch', path: '/account/?_rsc=abcde', headers: { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' } },
    { name: 'the .rsc file', path: '/account.rsc' },
    { name: 'the index .rsc file', path: '/account/index.rsc' },
  ];

  test('a signed-in customer sees the account, so the marker is real', async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const email = `variants-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await signUpByApi(api, { name: 'Vera', email, password: 'violet-canal-58-ferry' });
    const page = await api.get('/account/');
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(MARKER);
    await api.dispose();
  });

  for (const variant of variants) {
    test(`${variant.name} does not show the account to a visitor who is not signed in`, async ({ request }) => {
      const response = await request.get(variant.path, { headers: variant.headers, maxRedirects: 0 });
      expect(response.status()).toBeLessThan(500);
      expect(await response.text()).not.toContain(MARKER);
    });

    test(`${variant.name} with the internal subrequest header is refused`, async ({ request }) => {
      const response = await request.get(variant.path, {
        headers: { ...variant.headers, 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).not.toContain(MARKER);
    });
  }
});
