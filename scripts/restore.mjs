#!/usr/bin/env node
// `npm run restore -- FILE [--force]`: puts a backup of `npm run backup` back into an empty DATA_DIR (the embedded
// database; the site stopped) or an empty database (DATABASE_URL). A target holding data is refused unless --force.
import { parseArgs } from 'node:util';
import { BackupError, restore } from '../lib/ops/backup.mjs';

const usage = 'Usage: npm run restore -- FILE [--force]';
let parsed;
try {
  parsed = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (parsed.positionals.length !== 1) {
  console.error(`Name one backup file.\n${usage}`);
  process.exit(2);
}

try {
  const done = await restore({ file: parsed.positionals[0], force: parsed.values.force });
  const aside = done.keptAside ? ` The database that was there is kept in ${done.keptAside}.` : '';
  console.log(`Restored ${parsed.positionals[0]} into ${done.target}. ${done.note}${aside}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `The restore failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(error instanceof BackupError ? error.exitCode : 1);
}
