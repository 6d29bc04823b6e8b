import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * Runs one of the operator's scripts (`npm run backup`, `restore`, `create-staff`) as the person would, with the given
 * environment (undefined removes a variable), and with this process's Node flags (the tests' `--liftoff-only`:
 * docs/decisions.md). Resolves with its exit status and output; it never rejects.
 */
export function runScript(script: 'backup' | 'restore' | 'create-staff', args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const childEnv = { ...process.env, ...env } as NodeJS.ProcessEnv;
    for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
    execFile(process.execPath, [...process.execArgv, path.join('scripts', `${script}.mjs`), ...args], { env: childEnv }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}
