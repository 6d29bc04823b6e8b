import { parseEnv, siteUrl } from './env';

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

  it('gives the public origin from the parsed SITE_URL, so a wrong one fails the build and the start', () => {
    expect(siteUrl(parseEnv({}))).toBe('http://localhost:3000');
    expect(siteUrl(parseEnv({ SITE_URL: 'https://www.bareandpolished.nyc/' }))).toBe('https://www.bareandpolished.nyc');
    const saved = process.env.SITE_URL;
    process.env.SITE_URL = 'not a url';
    try {
      expect(() => siteUrl()).toThrow(/SITE_URL: must be a URL/);
    } finally {
      if (saved === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = saved;
    }
  });

  it('refuses a SITE_URL that is not http(s) with a message naming it', () => {
    expect(() => parseEnv({ SITE_URL: 'ftp://example.com' })).toThrow(/SITE_URL: must be a URL \(http: or https:\)/);
  });

  it('turns the mail worker off only where a scheduler has the cron route to call', () => {
    expect(() => parseEnv({ MAIL_WORKER_INTERVAL_MS: '0' })).toThrow(/MAIL_WORKER_INTERVAL_MS: 0 turns the mail worker off, so set CRON_SECRET/);
    expect(parseEnv({ MAIL_WORKER_INTERVAL_MS: '0', CRON_SECRET: 'a'.repeat(32) })).toMatchObject({ MAIL_WORKER_INTERVAL_MS: 0 });
    expect(() => parseEnv({ CRON_SECRET: 'short' })).toThrow(/CRON_SECRET: must be at least 16 characters/);
  });

  it('takes LOG_FORMAT text or json, in any case, and refuses anything else with a sentence naming it', () => {
    expect(parseEnv({}).LOG_FORMAT).toBe('text');
    expect(parseEnv({ LOG_FORMAT: ' JSON ' }).LOG_FORMAT).toBe('json');
    expect(parseEnv({ LOG_FORMAT: '' }).LOG_FORMAT).toBe('text');
    expect(() => parseEnv({ LOG_FORMAT: 'yaml' })).toThrow('Invalid environment: LOG_FORMAT: must be text or json');
  });

  it('takes the name of the header a platform puts the client address in, and nothing else', () => {
    expect(parseEnv({ TRUST_CLIENT_ADDRESS_HEADER: ' X-Real-IP ' }).TRUST_CLIENT_ADDRESS_HEADER).toBe('X-Real-IP');
    expect(() => parseEnv({ TRUST_CLIENT_ADDRESS_HEADER: 'x-real-ip: 1.2.3.4' })).toThrow(/TRUST_CLIENT_ADDRESS_HEADER: must be a header name/);
  });
});
