import { parseEnv } from './env';

describe('parseEnv', () => {
  it('runs on its embedded defaults', () => {
    expect(parseEnv({})).toMatchObject({ SITE_URL: 'http://localhost:3000', DATA_DIR: '.data', TRUST_PROXY: 0, STAFF_EMAILS: [] });
  });

  it("sends from the site's own domain unless MAIL_FROM says otherwise", () => {
    expect(parseEnv({}).MAIL_FROM).toBe('Bare & Polished NYC <no-reply@localhost>');
    expect(parseEnv({ SITE_URL: 'https://www.bareandpolished.nyc/' }).MAIL_FROM).toBe('Bare & Polished NYC <no-reply@bareandpolished.nyc>');
    expect(parseEnv({ SITE_URL: 'https://book.bareandpolished.nyc' }).MAIL_FROM).toBe('Bare & Polished NYC <no-reply@book.bareandpolished.nyc>');
    expect(parseEnv({ SITE_URL: 'http://127.0.0.1:3100' }).MAIL_FROM).toBe('Bare & Polished NYC <no-reply@localhost>');
    expect(parseEnv({ SITE_URL: 'http://[::1]:3100' }).MAIL_FROM).toBe('Bare & Polished NYC <no-reply@localhost>');
    expect(parseEnv({ SITE_URL: 'https://www.bareandpolished.nyc', MAIL_FROM: 'Front desk <desk@bareandpolished.nyc>' }).MAIL_FROM).toBe('Front desk <desk@bareandpolished.nyc>');
  });

  it('refuses a SITE_URL that is not http(s) with a message naming it', () => {
    expect(() => parseEnv({ SITE_URL: 'ftp://example.com' })).toThrow(/SITE_URL: must be a URL \(http: or https:\)/);
  });
});
