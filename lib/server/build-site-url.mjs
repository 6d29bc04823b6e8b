// The SITE_URL a build prerendered its pages with, kept beside the build, and the warning server.mjs prints when it
// starts with another: those pages carry the build's origin (canonical links, the sitemap, metadata), so a server
// started with a new SITE_URL would serve the old one without a word. Plain ESM so the server needs no build step.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** SITE_URL when it is unset or empty: lib/env.ts's default (build-site-url.test.ts keeps the two the same). */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** The record's name in the build folder (NEXT_DIST_DIR, .next by default). */
export const BUILD_SITE_URL_FILE = 'build-site-url.json';

/** SITE_URL as the pages print it: trimmed, the default when empty, no trailing slash (as lib/env.ts's siteUrl()). */
export function printedSiteUrl(value) {
  const trimmed = value?.trim();
  return (trimmed || DEFAULT_SITE_URL).replace(/\/+$/, '');
}

/** Writes the SITE_URL this build prerendered with into the build folder (run by `npm run build` after `next build`). */
export function recordBuildSiteUrl(distDir, value) {
  const siteUrl = printedSiteUrl(value);
  writeFileSync(path.join(distDir, BUILD_SITE_URL_FILE), `${JSON.stringify({ siteUrl })}\n`);
  return siteUrl;
}

/**
 * One sentence for the log when the server's SITE_URL is not the one its build prerendered with, saying which is which
 * and what to do; undefined when they agree, or when the build recorded none (a bare `next build`, or a build from
 * before the record): then there is nothing to compare.
 */
export function siteUrlMismatchWarning(built, runningValue) {
  if (built === undefined) return undefined;
  const running = printedSiteUrl(runningValue);
  if (running === built) return undefined;
  return (
    `[server] SITE_URL is ${running} but this build's pages were prerendered with SITE_URL=${built} (their canonical ` +
    `links, sitemap and metadata name it): rebuild with SITE_URL=${running} (npm run build), or start with SITE_URL=${built}.`
  );
}

/** What server.mjs logs at start about SITE_URL and the build in distDir, if anything. */
export function siteUrlWarningAtStart(distDir, runningValue) {
  const file = path.join(distDir, BUILD_SITE_URL_FILE);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return undefined;
    throw error;
  }
  let built;
  try {
    built = JSON.parse(text)?.siteUrl;
  } catch {
    // Said below.
  }
  if (typeof built !== 'string') return `[server] ${file} does not say which SITE_URL the build's pages were prerendered with: run npm run build again.`;
  return siteUrlMismatchWarning(built, runningValue);
}
