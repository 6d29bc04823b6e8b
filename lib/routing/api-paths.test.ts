import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * With `trailingSlash: true` a call to `/api/x` is answered by a 308 to `/api/x/`: a POST that follows it fails
 * wherever the redirect is upgraded to https or the method is dropped ('Receive Offers' did so on plain http). Every
 * address of the API written in client code therefore ends with the slash its handler answers at. An address of a file
 * (the owner's `/api/desk/exports/appointments.csv`) is the exception: Next.js adds no slash after a file extension.
 */
const ROOTS = ['components', 'stores', 'lib', 'app'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // lib/shopify speaks Shopify's own API (/api/{version}/graphql.json), not this site's.
    if (statSync(full).isDirectory()) return ['node_modules', 'test-support', 'shopify'].includes(name) ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('client calls of the API', () => {
  it('use the exact path their handler answers, with the trailing slash', () => {
    const literals = ROOTS.flatMap((root) =>
      sourceFiles(path.join(process.cwd(), root)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(['`])(\/api\/[^'`?#\s]*)(?:[?#][^'`]*)?\1/g)].map((match) => ({ file: path.relative(process.cwd(), file), address: match[2]! })),
      ),
    );
    expect(literals.length).toBeGreaterThan(5);
    const withoutSlash = literals.filter(({ address }) => !address.endsWith('/') && !/\.[a-z]+$/.test(address));
    expect(withoutSlash).toEqual([]);
  });
});
