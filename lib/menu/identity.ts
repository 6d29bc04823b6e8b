import { sectionFor, slugify } from '@/lib/catalog/data';
import { allGenderedSegments } from '@/lib/catalog/routes';
import { SERVICE_TYPE_LABELS, SKU_PREFIX_BY_FLAG, type Gender, type ServiceTypeFlag } from '@/lib/catalog/tables';

/**
 * How a new service or offer is named for machines: its moniker (the page's address) and its SKU (the shop's and the
 * desk's code). Both are made the way the seed makes them (lib/catalog/data/build.ts) and are unique among every row
 * ever stored, retired ones included: a retired service keeps its row, so its moniker and SKU are never given to
 * another (a bookmark or an old receipt never lands on a different service). Pure: the caller passes what is taken.
 */

const GENDER_WORD: Record<Gender, string> = { 0: 'womens', 1: 'mens' };
const TAB_SEGMENTS = new Set(allGenderedSegments().map((entry) => entry.segment));

/** The first of base, base-2, base-3, ... that is not taken (and is not a menu's own segment). */
function firstFree(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate) && !TAB_SEGMENTS.has(candidate) && candidate !== 'favorites') return candidate;
  }
}

/** 'womens-nape-wax': the gender, the name and the section's word, as the seed's services have. */
export function serviceMoniker(name: string, svcType: ServiceTypeFlag, gen: Gender, taken: ReadonlySet<string>): string {
  const suffix = sectionFor(svcType, gen)?.suffix ?? slugify(SERVICE_TYPE_LABELS[svcType]);
  return firstFree(`${GENDER_WORD[gen]}-${slugify(name)}-${suffix}`, taken);
}

/** The type's prefix and the next number after the highest ever used with it: 'WWHR032'; undefined when 999 is used. */
export function nextServiceSku(svcType: ServiceTypeFlag, gen: Gender, taken: Iterable<string>): string | undefined {
  const prefix = SKU_PREFIX_BY_FLAG[svcType][gen];
  return nextNumbered(prefix, taken);
}

/** 'BNDL027': bundles are numbered after the highest ever used. */
export function nextBundleSku(taken: Iterable<string>): string | undefined {
  return nextNumbered('BNDL', taken);
}

function nextNumbered(prefix: string, taken: Iterable<string>): string | undefined {
  const pattern = new RegExp(`^${prefix}(\\d{3})$`);
  let highest = 0;
  for (const sku of taken) {
    const match = pattern.exec(sku);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest >= 999 ? undefined : `${prefix}${String(highest + 1).padStart(3, '0')}`;
}

/** A package's SKU and moniker: its service's with the sessions ('WWHR017X3', 'womens-brazilian-wax-x3'). */
export function packageIdentity(service: { value: string; moniker: string }, sessions: number): { sku: string; moniker: string } {
  return { sku: `${service.value}X${sessions}`, moniker: `${service.moniker}-x${sessions}` };
}

/** A bundle's moniker from its name: 'spa-day-bundle', unique among every offer. */
export function bundleMoniker(name: string, taken: ReadonlySet<string>): string {
  const slug = slugify(name.replace(/\bbundle$/i, '')) || 'special';
  return firstFree(`${slug}-bundle`, taken);
}

/** The next power of two not used by the section's services: `sa`, the service's own flag within its section. */
export function nextServiceArea(used: Iterable<number>): number {
  const taken = new Set(used);
  for (let sa = 1; Number.isSafeInteger(sa); sa *= 2) if (!taken.has(sa)) return sa;
  throw new Error('Every service-area flag of this section is used');
}
