import { config } from '@/middleware';

// A page view of a catalogue or content page must never run the middleware: every visitor, with or without saved
// state, gets the one prerendered file (no cookie-dependent rewrite, cacheable by a CDN).
describe('the middleware matcher', () => {
  it('has no cookie condition', () => {
    const conditions = config.matcher.flatMap((entry) => (typeof entry === 'string' ? [] : entry.has));
    expect(conditions.filter((condition) => condition.type === 'cookie')).toEqual([]);
  });

  it('matches catalogue pages only for a request with a body or a server action', () => {
    const unconditional = config.matcher.filter((entry) => typeof entry === 'string');
    expect(unconditional).toEqual([
      '/api/:path*',
      '/account/:path*',
      '/booking/:path*',
      '/cart/:path*',
      '/checkout/:path*',
      '/demo-checkout/:path*',
      '/desk/:path*',
      '/((?!api/|_next/static/|images/)[^%]*%.*)',
    ]);
    const conditional = config.matcher.filter((entry) => typeof entry !== 'string');
    expect(conditional.map((entry) => entry.has.map((condition) => condition.key))).toEqual([['content-type'], ['next-action']]);
  });

  it('runs on any other address only when it holds a %-escape (refused under next start when malformed)', () => {
    // Next.js's own compilation of the matcher, as the build writes it into the middleware manifest (not in its types).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { getMiddlewareMatchers } = require('next/dist/build/analysis/get-page-static-info.js') as {
      getMiddlewareMatchers: (matcher: unknown, config: object) => { regexp: string; has?: unknown }[];
    };
    const unconditional = getMiddlewareMatchers(config.matcher, {}).filter((entry) => !entry.has).map((entry) => new RegExp(entry.regexp));
    const runs = (path: string) => unconditional.some((regexp) => regexp.test(path));
    for (const path of ['/services/%zz/', '/%E0%A4%A/', '/womens/%00/']) expect(runs(path)).toBe(true);
    for (const path of ['/', '/womens/waxing/', '/womens/waxing.rsc', '/locations/soho/', '/_next/static/chunks/a%20b.js']) expect(runs(path)).toBe(false);
  });
});
