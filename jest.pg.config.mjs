import base from './jest.config.mjs';

/**
 * The tests that need a real PostgreSQL server (`*.pg.test.ts`): run by `npm run test:pg` inside
 * scripts/with-postgres.sh, which provides DATABASE_URL. The default Jest run leaves them out.
 */
export default async function config() {
  const resolved = await base();
  return {
    ...resolved,
    testMatch: ['<rootDir>/**/*.pg.test.ts'],
    testPathIgnorePatterns: (resolved.testPathIgnorePatterns ?? []).filter((pattern) => !pattern.includes('pg\\.test')),
  };
}
