// One process per PGlite data folder. PGlite is Postgres in this process's memory: a second process on the same
// folder (a second server, `npm run create-staff` while the site runs) would write beside it unseen and corrupt it.
// A lock file holds the owner's pid; a file left by a process that is gone (killed, crashed) is taken over.
// Plain ESM so that scripts/create-staff.mjs uses the same rule.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sharedSlotOr } from '../server/shared-slots.mjs';

export class DataDirLockedError extends Error {
  constructor(folder, pid) {
    super(
      `The database folder ${folder} is in use by another process (pid ${pid}), most likely the running site. ` +
        `Stop it first (Ctrl+C in its terminal, or kill ${pid}), or use a PostgreSQL server (DATABASE_URL) to run both at once.`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

/** Lock files this process holds (a module may be loaded twice, by server.mjs and by Next.js's bundle: one set). */
const held = sharedSlotOr('heldDataDirLocks', () => new Set());

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Takes the lock of `folder` for this process, or throws DataDirLockedError. Returns the release function. Taking a
 * lock this process already holds (server.mjs takes it before Next.js opens the database) changes nothing, and its
 * release is left to the first taker.
 */
export function lockDataDir(folder) {
  const file = path.join(folder, 'pglite.lock');
  mkdirSync(folder, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.removeListener('exit', release);
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (pid === process.pid && held.has(file)) return () => undefined;
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) throw new DataDirLockedError(folder, pid);
      // Left by a process that no longer runs (or by an earlier process with this pid, as in a container): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}
