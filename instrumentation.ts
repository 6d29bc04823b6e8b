import './lib/zod-jitless';

/**
 * Runs once when the server starts: parses the environment and opens the database, applying pending migrations
 * and the seed, so that a wrong setting fails at start and the first visitor does not wait for the migration.
 * Then it starts following the catalogue in the database and the mail worker (the outbox and the reminders). Not during
 * `next build` (several build workers must not open one PGlite folder, and the build renders from the seed), nor in
 * proxy mode.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // server.mjs turns away the addresses of catalogue pages that do not exist (lib/server/site-door.mjs); on a proxy
  // front too, whose catalogue is the seed.
  const [{ missingCatalogPage }, { siteDoor }] = await Promise.all([import('./lib/content/catalog-pages'), import('./lib/server/site-door.mjs')]);
  siteDoor().missingPage = missingCatalogPage;
  const { env, proxyEnabled } = await import('./lib/env');
  // server.mjs routes every line of the process through LOG_FORMAT. Under `next start`, with json, the site's own lines
  // and Next.js's are JSON from here on; the requests' lines are the host's (docs/deploy.md).
  if (!siteDoor().frontServer && env().LOG_FORMAT === 'json') {
    const { routeConsole } = await import('./lib/server/request-log.mjs');
    routeConsole(env().LOG_FORMAT);
  }
  if (proxyEnabled(env())) return;
  // Under `next start` no server.mjs opened the door's pagesChanged: the pages a published catalogue change touches are
  // then expired here, in Next.js's tag table (the same table server.mjs writes; it also empties its page cache).
  const door = siteDoor();
  if (!door.frontServer && !door.pagesChanged) {
    const { expireNextTags } = await import('./lib/server/next-tags.mjs');
    door.pagesChanged = (tags) => expireNextTags(tags);
  }
  const { getDatabase } = await import('./lib/db');
  const started = Date.now();
  const database = await getDatabase().catch((error: unknown) => {
    // An embedded database on a serverless host or a read-only disk (lib/db/embedded-disk.ts): the site does not
    // start, and says why in one sentence. By name: this bundle's copy of the class may not be the database's.
    if (error instanceof Error && error.name === 'EmbeddedDatabaseRefusedError') {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  console.info(`[db] ${database.kind} ready, migrations applied, in ${Date.now() - started} ms`);
  // `npm run backup` asks this process for the embedded database's copy: no other process may open its folder.
  const { serveRunningSiteBackups } = await import('./lib/ops/serve-backups');
  await serveRunningSiteBackups(database, env().DATA_DIR);
  // The catalogue the pages and booking rules read is the database's from here on (lib/catalog/snapshot.ts), and
  // follows every change published on any instance (lib/catalog/live.ts).
  const { startCatalogFollower } = await import('./lib/catalog/live');
  await startCatalogFollower(database);
  // Mail and reminders go out from every instance; the database keeps them from going out twice.
  const { releaseClaimsOfDeadProcess, startMailWorker } = await import('./lib/mail/worker');
  await releaseClaimsOfDeadProcess(database);
  startMailWorker();
}
