import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** The project's own modules that `entry` imports, directly or not (packages and stylesheets left out). */
function localImports(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g)) {
      const resolved = specifier === undefined ? undefined : resolveLocal(file, specifier);
      if (resolved) queue.push(resolved);
    }
  }
  return [...seen];
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

describe('the 404 document', () => {
  it('holds no client component of ours: Next.js would load every one of them on every page, with the root layout', () => {
    const modules = localImports(path.join(ROOT, 'app/global-not-found.tsx'));
    expect(modules.map((file) => path.relative(ROOT, file))).toContain('components/layout/NotFoundContent.tsx');
    const client = modules.filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
    expect(client).toEqual([]);
  });
});
