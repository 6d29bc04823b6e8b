#!/usr/bin/env node
// `npm run backup [-- --dir FOLDER]`: one file with the whole database, named with the date and the schema version
// (lib/ops/backup.mjs). Works while the site runs: on PostgreSQL through pg_dump; on the embedded database the running
// site makes the copy itself (only the process that owns DATA_DIR may read it), or, stopped, this script does.
import { parseArgs } from 'node:util';
import { backup, BackupError } from '../lib/ops/backup.mjs';

let options;
try {
  ({ values: options } = parseArgs({ options: { dir: { type: 'string', default: 'backups' } }, allowPositionals: false }));
} catch (error) {
  console.error(`${error.message}\nUsage: npm run backup -- [--dir FOLDER]   (default: ./backups)`);
  process.exit(2);
}

try {
  const done = await backup({ dir: options.dir });
  console.log(`Backed up ${done.kind === 'pglite' ? 'the embedded database' : 'the PostgreSQL database'} from ${done.from}: ${done.file} (${(done.bytes / 1_048_576).toFixed(1)} MB, schema ${done.schemaVersion ?? 'none'}).`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `The backup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(error instanceof BackupError ? error.exitCode : 1);
}
