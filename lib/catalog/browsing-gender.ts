import type { Gender } from './tables';

/** Menu segments that do not name their gender (lib/catalog/tables.ts TABS; browsing-gender.test.ts checks them all). */
const UNNAMED: Readonly<Record<string, Gender>> = { 'sugaring-hair-removal': 0 };

/**
 * The gender a catalogue address is for, read from its words alone (this module carries no catalogue: the header's
 * search reads it on the first tap): a menu or service segment says it by its start ('womens-wax',
 * 'mens-brozilian-sugaring') or end ('sugaring-hair-for-men'), the specials by a segment of their own
 * ('/specials/men/'); the women's sugaring menu has neither. Undefined for an address of no gender (the services index, home, a package).
 */
export function genderOfPath(pathname: string): Gender | undefined {
  for (const segment of pathname.split('/')) {
    if (Object.hasOwn(UNNAMED, segment)) return UNNAMED[segment];
    if (segment === 'women' || segment.startsWith('womens-')) return 0;
    if (segment === 'men' || segment.startsWith('mens-') || segment.endsWith('-for-men')) return 1;
  }
  return undefined;
}
