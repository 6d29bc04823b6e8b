import { defineConfig } from 'drizzle-kit';

// One schema and one set of migrations for PGlite and PostgreSQL. Generate with
// `flock /tmp/drizzle.lock npx drizzle-kit generate`; the app applies them on start (lib/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
