import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '../..');

/**
 * What `entry` imports at run time (type-only imports left out), directly or not: the project's own modules (paths from the project root) and the packages
 * they name. Stylesheets are left out. Read from the source, so a test can say what a chunk will carry before a build.
 */
export function moduleGraph(entry: string): { files: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(PROJECT_ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // A server action module reaches the browser as a reference only.
    if (/^['"]use server['"]/.test(source)) continue;
    for (const [statement, from, bare] of source.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g)) {
      const specifier = from ?? bare;
      // Types are erased: an `import type`, or an import of `{ type A, type B }` only, puts nothing into a chunk.
      if (/^(?:import|export)\s+type\s/.test(statement) || onlyTypes(statement)) continue;
      if (specifier === undefined || specifier.endsWith('.css')) continue;
      const resolved = resolveLocal(file, specifier);
      if (resolved) queue.push(resolved);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
    }
  }
  return { files: [...seen].map((file) => path.relative(PROJECT_ROOT, file)), packages: [...packages] };
}

function onlyTypes(statement: string): boolean {
  const named = statement.match(/^(?:import|export)\s+\{([^}]*)\}\s+from\s/);
  return named !== null && named[1]!.split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '));
}

export function isClientModule(file: string): boolean {
  return /^\s*['"]use client['"]/.test(readFileSync(path.join(PROJECT_ROOT, file), 'utf8'));
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? path.join(PROJECT_ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}
