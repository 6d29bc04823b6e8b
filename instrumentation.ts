/**
 * Runs once when the server starts: parses the environment and opens the database, applying pending migrations
 * and the seed, so that a wrong setting fails at start and the first visitor does not wait for the migration.
 * Then it starts the mail worker (the outbox and the reminders). Not during `next build` (several build workers must not open one PGlite folder), nor in proxy mode.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { env, proxyEnabled } = await import('./lib/env');
  if (proxyEnabled(env())) return;
  const { getDatabase } = await import('./lib/db');
  const started = Date.now();
  const database = await getDatabase();
  console.info(`[db] ${database.kind} ready, migrations applied, in ${Date.now() - started} ms`);
  // The catalogue the pages and booking rules read is the database's from here on (lib/catalog/snapshot.ts).
  const [{ loadCatalogSnapshot }, { setCatalogSnapshot }] = await Promise.all([import('./lib/catalog/snapshot-load'), import('./lib/catalog/snapshot')]);
  setCatalogSnapshot(await loadCatalogSnapshot(database.db));
  // Mail and reminders go out from every instance; the database keeps them from going out twice.
  const { releaseClaimsOfDeadProcess, startMailWorker } = await import('./lib/mail/worker');
  await releaseClaimsOfDeadProcess(database);
  startMailWorker();
}
