import { expect, test } from '@playwright/test';

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
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['x-powered-by']).toBeUndefined();
  });
}

test('a request carrying the internal middleware subrequest header is refused', async ({ request }) => {
  const response = await request.get('/', { headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } });
  expect(response.status()).toBe(400);
});
