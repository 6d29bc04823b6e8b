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
    expect(unconditional).toEqual(['/api/:path*', '/account/:path*', '/booking/:path*', '/checkout/:path*', '/demo-checkout/:path*', '/desk/:path*']);
    const conditional = config.matcher.filter((entry) => typeof entry !== 'string');
    expect(conditional.map((entry) => entry.has.map((condition) => condition.key))).toEqual([['content-type'], ['next-action']]);
  });
});
