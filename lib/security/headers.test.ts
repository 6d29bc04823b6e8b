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
  it("let pages show the owner's photos (/media/ on the site itself) and the photo field its preview of a chosen file (blob:), and nothing from elsewhere", () => {
    const images = /img-src ([^;]*)/.exec(contentSecurityPolicy({ production: true }))![1]!.split(' ');
    expect(images).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(images.filter((source) => /^https?:/.test(source) || source === '*')).toEqual([]);
  });
  it('let the configured shop receive forms', () => {
    expect(contentSecurityPolicy({ shopOrigin: 'https://salon.myshopify.com' })).toMatch(/form-action 'self' https:\/\/salon\.myshopify\.com/);
  });
});
