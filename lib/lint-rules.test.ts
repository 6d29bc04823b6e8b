import { execFileSync } from 'node:child_process';

/**
 * The rule of eslint.config.mjs that keeps the database out of components/, tried on a few lines as if they were a
 * file at a given path: `npm run lint` only shows that today's code keeps it, not that a breach would be caught. ESLint
 * runs in a child process: its config is an ES module that Jest's module loader cannot import.
 */
jest.setTimeout(120_000);

const LINT = `
import { ESLint } from 'eslint';
const eslint = new ESLint({ cwd: process.cwd() });
const probes = JSON.parse(process.argv[1]);
const out = [];
for (const [filePath, source] of probes) {
  const [result] = await eslint.lintText(source, { filePath });
  out.push(result.messages.filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message));
}
console.log(JSON.stringify(out));
`;

function refusals(probes: [filePath: string, source: string][]): string[][] {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', LINT, JSON.stringify(probes)], { encoding: 'utf8' })) as string[][];
}

const OPENS = "import { getDb } from '@/lib/db';\nexport const probe = getDb;\n";
const NAMES_A_TYPE = "import type { UserRole } from '@/lib/db/schema';\nexport type Probe = UserRole;\n";
const ACTION = "'use server';\nimport { users } from '@/lib/db/schema';\nexport async function probe() {\n  return users;\n}\n";

describe('components/ read no database', () => {
  it('refuses it in a component and a server action; a type, a test and lib/ may name it', () => {
    const [component, action, type, test, lib] = refusals([
      ['components/desk/Probe.tsx', OPENS],
      ['components/desk/probe-actions.ts', ACTION],
      ['components/desk/Probe.tsx', NAMES_A_TYPE],
      ['components/desk/probe.test.ts', OPENS],
      ['lib/desk/probe.ts', OPENS],
    ]);
    const refused = [expect.stringContaining('call a loader of lib/<feature>/')];
    expect(component).toEqual(refused);
    expect(action).toEqual(refused);
    expect(type).toEqual([]);
    expect(test).toEqual([]);
    expect(lib).toEqual([]);
  });
});
