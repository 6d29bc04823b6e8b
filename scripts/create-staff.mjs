#!/usr/bin/env node
// Makes an existing account a front-desk account (`npm run create-staff -- name@example.com`) or an owner's
// (`npm run create-staff -- --owner name@example.com`). The owner can then invite and change staff from /desk/team/.
// Sign up at /signup first. With the embedded PGlite database, stop the server first: one process owns its folder,
// and this refuses while the site holds it. With DATABASE_URL it works while the site runs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../lib/db/data-dir-lock.mjs';

const args = process.argv.slice(2);
const role = args.includes('--owner') ? 'owner' : 'staff';
const email = (args.find((arg) => !arg.startsWith('--')) ?? '').trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+$/.test(email) || args.some((arg) => arg.startsWith('--') && arg !== '--owner')) {
  console.error('Usage: npm run create-staff -- [--owner] name@example.com');
  process.exit(2);
}

async function withDatabase(run) {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return await run((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The users table has pg_trgm indexes (drizzle/0060): an update needs the extension loaded, as the site loads it.
  const [{ btree_gist }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite/contrib/btree_gist'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { btree_gist, pg_trgm } });
    try {
      return await run((text, params) => db.query(text, params));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

try {
  const rows = await withDatabase(async (query) => {
    const result = await query('update users set role = $2, updated_at = now() where email = $1 returning id', [email, role]);
    return result.rows;
  });
  if (rows.length === 0) {
    console.error(`No account with the e-mail ${email}. Sign up at /signup first, then run this again.`);
    process.exit(1);
  }
  console.log(`${email} is now ${role === 'owner' ? 'an owner' : 'a front-desk'} account (id ${rows[0].id}).`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(3);
  }
  console.error(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
