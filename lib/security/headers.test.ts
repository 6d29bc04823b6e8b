import { contentSecurityPolicy, securityHeaders } from './headers.mjs';

describe('security headers', () => {
  it('lock down objects, the base URL and framing', () => {
    const csp = contentSecurityPolicy({ production: true });
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
  it('send HSTS and upgrade-insecure-requests only for requests that came over https', () => {
    const keys = (https: boolean) => securityHeaders({ production: true, https }).map((header) => header.key);
    expect(keys(true)).toContain('Strict-Transport-Security');
    expect(keys(false)).not.toContain('Strict-Transport-Security');
    expect(keys(false)).toEqual(expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy', 'Content-Security-Policy']));
    expect(contentSecurityPolicy({ production: true, https: false })).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ production: true, https: true })).toContain('upgrade-insecure-requests');
  });
  it('let the configured shop receive forms', () => {
    expect(contentSecurityPolicy({ shopOrigin: 'https://salon.myshopify.com' })).toMatch(/form-action 'self' https:\/\/salon\.myshopify\.com/);
  });
});
