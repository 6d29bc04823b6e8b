import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run cycles` (.dependency-cruiser.cjs) on a few files made to import each other: the run over today's code only
 * shows it has no circle, not that one would be caught. A circle through a type-only import counts too.
 */
jest.setTimeout(60_000);

const folder = mkdtempSync(path.join(tmpdir(), 'salon-cycles-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function cruise(files: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const dir = mkdtempSync(path.join(folder, 'probe-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  return new Promise((resolve) => {
    execFile(process.execPath, ['node_modules/.bin/depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', dir], (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

it('refuses two modules that import each other, even when one only names a type of the other', async () => {
  const circle = await cruise({
    'hold.ts': "import { schema } from './hold-schema';\nexport const read = () => schema;\n",
    'hold-schema.ts': "import type { read } from './hold';\nexport const schema = 1;\nexport type Read = typeof read;\n",
  });
  expect(circle.code).not.toBe(0);
  expect(circle.stdout).toMatch(/no-circular: \S*hold(-schema)?\.ts →\s+\S*hold(-schema)?\.ts →/);
});

it('passes the same modules once the type lives where both can read it', async () => {
  const line = await cruise({
    'hold.ts': "import { schema } from './hold-schema';\nexport const read = () => schema;\n",
    'hold-schema.ts': 'export const schema = 1;\n',
  });
  expect(line).toMatchObject({ code: 0 });
});
