import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md is where a newcomer finds a rule by its name: each row of its rule table names the one file
 * where the rule lives. A file moved or renamed without the table would send the reader nowhere, so every path the
 * page names must exist.
 */
const root = process.cwd();
const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

function ruleRows(page: string): string[][] {
  const table = page.slice(page.indexOf('## Where the rules live'), page.indexOf('## How a request flows'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Rule |'))
    .map((line) => line.slice(2, -2).split(' | '));
}

/**
 * A backticked path in the repository: it has a slash and begins with one of the repository's top folders or files
 * (not an address such as /api/..., not a package's module such as next/link), and holds no placeholder.
 */
function namedPaths(page: string): string[] {
  return [...page.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((name) => name.includes('/') && !name.startsWith('/') && !/[{}*…]/.test(name) && existsSync(path.join(root, name.split('/')[0]!)));
}

describe('docs/architecture.md', () => {
  const rows = ruleRows(architecture);

  it('has a rule table', () => {
    expect(rows.length).toBeGreaterThan(100);
  });

  it('names one existing file for each rule', () => {
    const wrong = rows.filter(([rule, file]) => {
      const only = /^`([^`]+)`$/.exec(file ?? '');
      return !rule || !only || !existsSync(path.join(root, only[1]!)) || !statSync(path.join(root, only[1]!)).isFile();
    });
    expect(wrong).toEqual([]);
  });

  it('names each rule once', () => {
    const names = rows.map(([rule]) => rule);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('names only paths that exist, in the table and around it', () => {
    expect(namedPaths(architecture).filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
  });
});
