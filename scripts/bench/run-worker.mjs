// Runs a TypeScript bench worker (through tsx, with the server's conditions) on PGlite, or inside a throw-away
// PostgreSQL server (scripts/with-postgres.sh), and returns the JSON of its last output line.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function runBenchWorker(workerFile, { postgres }) {
  const worker = ['--conditions=react-server', '--import', 'tsx', workerFile];
  const command = postgres ? 'bash' : process.execPath;
  const args = postgres ? ['scripts/with-postgres.sh', process.execPath, ...worker] : worker;
  const env = { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' };
  delete env.DATABASE_URL;
  const out = execFileSync(command, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1));
}
