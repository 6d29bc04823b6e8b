import { allServiceItems, isBookableAnywhere } from './catalog';
import { catalogSnapshot, type CatalogSnapshot } from './snapshot';
import { formatServiceDuration, formatUsd } from './format';
import { servicesPath, tabById } from './routes';
import { decodeSearchIndex, hrefFromTemplate, nameSlug, searchWords, type SearchCategoryRow, type SearchEntry, type SearchIndexJson, type SearchServiceRow } from './search';
import { SERVICE_TYPE_LABELS, tabIdForFlag, type Gender, type ServiceTypeFlag } from './tables';

/**
 * The catalogue search index (lib/catalog/search.ts), built from the embedded catalogue. Kept apart from the matcher
 * so that the search island, which fetches the index, never bundles the catalogue itself.
 */

const GENDER_LABEL: Record<Gender, string> = { 0: 'Women', 1: 'Men' };
/** What a visitor may type for a gender: 'women', 'womens' (from "women's"), 'men', 'mens'. */
const GENDER_WORDS: Record<Gender, readonly string[]> = { 0: ['women', 'womens'], 1: ['men', 'mens'] };

/** The price as the menu shows it. */
export function shownPrice(price: number): string {
  return price === 0 ? 'Free' : formatUsd(price);
}

/** The link template that gives most of a category's links ('/services/womens-*-wax/'). */
function commonTemplate(services: readonly { name: string; href: string }[]): string {
  const counts = new Map<string, number>();
  for (const { name, href } of services) {
    const slug = nameSlug(name);
    const at = href.lastIndexOf(slug);
    if (slug === '' || at < 0) continue;
    const template = `${href.slice(0, at)}*${href.slice(at + slug.length)}`;
    counts.set(template, (counts.get(template) ?? 0) + 1);
  }
  let best = '';
  for (const [template, count] of counts) if (count > (counts.get(best) ?? 0)) best = template;
  return best;
}

interface Category {
  label: string;
  words: string;
  gen: Gender;
  flag: ServiceTypeFlag;
  services: { name: string; href: string; price: string; duration: string; id: string; areaId: number; svcId: string; minutes: number }[];
}

/**
 * Every service of both genders and every tab that can be booked online somewhere, grouped by gender and service
 * type, in catalogue order. One the owner made bookable nowhere is not found: it could not be booked.
 */
export function buildSearchIndex(): SearchIndexJson {
  const categories = new Map<string, Category>();
  for (const item of allServiceItems()) {
    if (!isBookableAnywhere(item.id)) continue;
    const flag = item.svcType as ServiceTypeFlag;
    const key = `${item.gen}-${flag}`;
    let category = categories.get(key);
    if (!category) {
      const tab = tabById(tabIdForFlag(flag));
      if (!tab) throw new Error(`No tab for service type ${flag}`);
      const words = new Set([...GENDER_WORDS[item.gen], ...searchWords(tab.label), ...searchWords(SERVICE_TYPE_LABELS[flag])]);
      category = { label: `${GENDER_LABEL[item.gen]} · ${tab.label}`, words: [...words].join(' '), gen: item.gen, flag, services: [] };
      categories.set(key, category);
    }
    category.services.push({
      name: item.name,
      href: servicesPath(item.moniker),
      price: shownPrice(item.price),
      duration: formatServiceDuration(item),
      id: item.id,
      areaId: item.areaId,
      svcId: item.value,
      minutes: item.duration,
    });
  }
  const rows = [...categories.values()].map(({ label, words, gen, flag, services }): SearchCategoryRow => {
    const template = commonTemplate(services);
    // A link is left out only where the template gives exactly this link back.
    const serviceRows = services.map(({ name, href, price, duration, id, areaId, svcId, minutes }): SearchServiceRow =>
      template !== '' && hrefFromTemplate(template, name) === href
        ? [name, price, duration, id, areaId, svcId, minutes]
        : [name, price, duration, id, areaId, svcId, minutes, href],
    );
    return [label, words, template, gen, flag, serviceRows];
  });
  return { v: 2, c: rows };
}

const decoded = new WeakMap<CatalogSnapshot, SearchEntry[]>();

/**
 * The index's entries for the server (the /search/ page), decoded once per catalogue snapshot, as the island decodes
 * the served file: a published change (a retired service) makes a new snapshot and so a new index.
 */
export function serverSearchEntries(): SearchEntry[] {
  const snapshot = catalogSnapshot();
  let entries = decoded.get(snapshot);
  if (!entries) decoded.set(snapshot, (entries = decodeSearchIndex(buildSearchIndex())));
  return entries;
}
