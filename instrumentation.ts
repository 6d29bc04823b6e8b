import './lib/zod-jitless';

/**
 * Runs once when the server starts: parses the environment and opens the database, applying pending migrations
 * and the seed, so that a wrong setting fails at start and the first visitor does not wait for the migration.
 * Then it starts following the catalogue in the database and the mail worker (the outbox and the reminders). Not during
 * `next build` (several build workers must not open one PGlite folder, and the build renders from the seed), nor on a
 * front to an upstream salon API.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // server.mjs turns away the addresses of catalogue pages that do not exist (lib/server/site-door.mjs); on a proxy
  // front too, whose catalogue is the seed.
  const [{ missingCatalogPage }, { siteDoor }] = await Promise.all([import('./lib/content/catalog-pages'), import('./lib/server/site-door.mjs')]);
  siteDoor().missingPage = missingCatalogPage;
  const [{ env }, { backend }] = await Promise.all([import('./lib/env'), import('./lib/backend')]);
  // server.mjs routes every line of the process through LOG_FORMAT. Under `next start`, with json, the site's own lines
  // and Next.js's are JSON from here on; the requests' lines are the host's (docs/deploy.md).
  if (!siteDoor().frontServer && env().LOG_FORMAT === 'json') {
    const { routeConsole } = await import('./lib/server/request-log.mjs');
    routeConsole(env().LOG_FORMAT);
  }
  // The embedded backend opens its database, follows the catalogue and starts the mail worker (lib/backend/embedded.ts);
  // a front to an upstream has nothing to open.
  await backend().start();
}
