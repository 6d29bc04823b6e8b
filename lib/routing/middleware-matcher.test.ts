import { config } from '@/middleware';
import { SAVED_STATE_COOKIES } from './saved-state-pages';

// The matcher is read by Next.js without running middleware.ts, so its cookie names are written out: they must be
// the ones the rewrite decides on, or a visitor with that cookie would never reach the twin.
describe("the middleware matcher's saved-state cookies", () => {
  it('are exactly SAVED_STATE_COOKIES', () => {
    const names = config.matcher.flatMap((entry) => (typeof entry === 'string' ? [] : entry.has.filter((condition) => condition.type === 'cookie').map((condition) => condition.key)));
    expect([...names].sort()).toEqual([...SAVED_STATE_COOKIES].sort());
  });
});
