import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What every page's first-load JavaScript may not carry (docs/performance.md): the islands that hydrate with a page
 * import these modules only with import(), when something needs them. This follows the static imports from the
 * islands through the project's own files (type-only imports left out, as the compiler drops them).
 */

const ROOT = path.resolve(__dirname, '..');

const FIRST_LOAD_ISLANDS = [
  'components/layout/Providers.tsx',
  'components/ui/HeaderActionsClient.tsx',
  'components/layout/NavDrawer.tsx',
  'components/layout/Footer.tsx',
  'components/cart/BookingBarSummary.tsx',
  'components/catalog/CatalogSearch.tsx',
  'components/catalog/ServiceList.tsx',
  'components/cart/ServiceActionsClient.tsx',
  'components/catalog/GenderRedirect.tsx',
  'components/subscription/SubscribeForm.tsx',
  'components/home/PromoBanner.tsx',
  'app/global-error.tsx',
  'app/(site)/error.tsx',
  'app/(shop)/error.tsx',
  'app/(account)/error.tsx',
  'app/(desk)/error.tsx',
];

const LOADED_ON_DEMAND = [
  'lib/catalog/tables.ts',
  'lib/catalog/routes.ts',
  'lib/catalog/search.ts',
  'stores/booking-location.ts',
  '@vercel/analytics',
  'components/layout/PageError.tsx',
  'components/ui/NoticeList.tsx',
];

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The project file an import names; undefined for a package; null for a stylesheet or another asset. */
function resolve(from: string, specifier: string): string | undefined | null {
  const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  if (/\.(css|svg|json)$/.test(base)) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(tsx?|mjs)$/.test(candidate)) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
}

function typeOnly(typeKeyword: string | undefined, clause: string | undefined): boolean {
  if (typeKeyword) return true;
  const named = clause?.trim().match(/^\{([^}]*)\}$/);
  return named !== null && named !== undefined && named[1]!.split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '));
}

/** Every project file and package a module reaches by static, non-type imports. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // A server action module reaches the browser as a reference only.
    if (/^['"]use server['"]/.test(source)) continue;
    for (const [, typeKeyword, clause, specifier] of source.matchAll(IMPORT)) {
      if (typeOnly(typeKeyword, clause)) continue;
      const target = resolve(file, specifier!);
      if (target) queue.push(target);
      else if (target === undefined) seen.add(specifier!);
    }
  }
  return new Set([...seen].map((file) => (path.isAbsolute(file) ? path.relative(ROOT, file) : file)));
}

describe('first-load JavaScript', () => {
  it.each(FIRST_LOAD_ISLANDS)('%s reaches none of the modules loaded on demand', (island) => {
    const graph = staticGraph(island);
    expect(LOADED_ON_DEMAND.filter((module) => [...graph].some((file) => file === module || file.startsWith(`${module}/`)))).toEqual([]);
  });

  it('follows imports (the check would see a static import of the tables)', () => {
    expect(staticGraph('lib/catalog/catalog.ts')).toContain('lib/catalog/tables.ts');
  });
});
