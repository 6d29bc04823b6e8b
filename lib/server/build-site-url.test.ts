import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv, siteUrl } from '@/lib/env';
import { BUILD_SITE_URL_FILE, DEFAULT_SITE_URL, printedSiteUrl, recordBuildSiteUrl, siteUrlMismatchWarning, siteUrlWarningAtStart } from './build-site-url.mjs';

let distDir: string;
beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'salon-build-'));
});
afterEach(() => rmSync(distDir, { recursive: true, force: true }));

describe("SITE_URL as the build's pages print it", () => {
  it('is what lib/env.ts gives the pages (siteUrl()), default included', () => {
    for (const value of [undefined, '', '  ', 'https://book.example.com', ' https://book.example.com/ ', 'https://book.example.com//', 'http://127.0.0.1:3100']) {
      expect(printedSiteUrl(value)).toBe(siteUrl(parseEnv({ SITE_URL: value })));
    }
    expect(printedSiteUrl(undefined)).toBe(DEFAULT_SITE_URL);
  });
});

describe("the server's SITE_URL against its build's", () => {
  it('says in one sentence which is which and that the site must be rebuilt with the new one', () => {
    const warning = siteUrlMismatchWarning('https://old.example.com', 'https://book.example.com');
    expect(warning).toBe(
      "[server] SITE_URL is https://book.example.com but this build's pages were prerendered with SITE_URL=https://old.example.com " +
        '(their canonical links, sitemap and metadata name it): rebuild with SITE_URL=https://book.example.com (npm run build), ' +
        'or start with SITE_URL=https://old.example.com.',
    );
    expect(warning).not.toContain('\n');
    // The journeys' output filters (e2e/fuzz.spec.ts) read a line with 'error' in it as a failure.
    expect(warning).not.toMatch(/error/i);
  });

  it('counts an unset SITE_URL as the default, on either side', () => {
    expect(siteUrlMismatchWarning(DEFAULT_SITE_URL, undefined)).toBeUndefined();
    expect(siteUrlMismatchWarning(printedSiteUrl(undefined), 'https://book.example.com')).toContain(`prerendered with SITE_URL=${DEFAULT_SITE_URL} `);
    expect(siteUrlMismatchWarning('https://book.example.com', '')).toContain(`SITE_URL is ${DEFAULT_SITE_URL} but`);
  });

  it('says nothing when they agree as printed (a trailing slash or spaces are no difference)', () => {
    expect(siteUrlMismatchWarning('https://book.example.com', ' https://book.example.com/ ')).toBeUndefined();
  });

  it('compares what npm run build recorded in the build folder with the start', () => {
    expect(recordBuildSiteUrl(distDir, 'https://book.example.com/')).toBe('https://book.example.com');
    expect(siteUrlWarningAtStart(distDir, 'https://book.example.com')).toBeUndefined();
    expect(siteUrlWarningAtStart(distDir, 'http://127.0.0.1:3191')).toMatch(
      /^\[server\] SITE_URL is http:\/\/127\.0\.0\.1:3191 but this build's pages were prerendered with SITE_URL=https:\/\/book\.example\.com /,
    );
  });

  it('says nothing for a build without a record (a bare next build), and asks for a new build when the record is unreadable', () => {
    expect(siteUrlWarningAtStart(distDir, 'https://book.example.com')).toBeUndefined();
    writeFileSync(path.join(distDir, BUILD_SITE_URL_FILE), '{"site');
    expect(siteUrlWarningAtStart(distDir, 'https://book.example.com')).toBe(
      `[server] ${path.join(distDir, BUILD_SITE_URL_FILE)} does not say which SITE_URL the build's pages were prerendered with: run npm run build again.`,
    );
  });

  it("is recorded by npm run build after next build, in the build folder server.mjs reads (NEXT_DIST_DIR)", () => {
    const build = JSON.parse(readFileSync('package.json', 'utf8')).scripts.build as string;
    expect(build).toMatch(/^next build && .*node scripts\/record-build-site-url\.mjs/);
    execFileSync(process.execPath, ['scripts/record-build-site-url.mjs'], { env: { ...process.env, NEXT_DIST_DIR: distDir, SITE_URL: 'https://book.example.com' } });
    expect(siteUrlWarningAtStart(distDir, 'https://book.example.com')).toBeUndefined();
    expect(siteUrlWarningAtStart(distDir, 'https://new.example.com')).toContain('prerendered with SITE_URL=https://book.example.com ');
  });
});
