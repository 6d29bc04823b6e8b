/**
 * Finding a service by any word of its name over the whole catalogue (both genders, every tab). This module holds
 * the index's shape and the matcher only, not the catalogue: the search island imports it and fetches the index
 * (built by search-index.ts, served by app/catalog-search.json), and the /search/ page uses the same functions.
 */

import { SEARCH_PAGE_PATH } from './search-limits';
import type { Gender } from './tables';

/** Where the index is served (a prerendered route handler). */
export const SEARCH_INDEX_PATH = '/catalog-search.json';
/** How many results the island lists under the box. */
export const SEARCH_SHOWN = 8;

/**
 * One service as served: [name, price as shown, duration as shown, id, area id, SKU, minutes booked], and its link
 * when the category's link template does not give it. The id, area, SKU and minutes are what 'Add to booking' puts in
 * the booking cart (stores/card-store.ts ServiceRef), so a result can be added from the list.
 */
type SearchServiceFacts = [name: string, price: string, duration: string, id: string, areaId: number, svcId: string, minutes: number];
export type SearchServiceRow = SearchServiceFacts | [...SearchServiceFacts, href: string];
/**
 * One category as served: its label ('Women · Waxing'), the words it is also found by (gender, tab and service type,
 * normalised, space-separated), the link of its services with '*' for the slug of the name ('/services/womens-*-wax/'),
 * its gender and service type, and its services. Grouping by category and deriving the links keep the file small.
 */
export type SearchCategoryRow = [label: string, words: string, hrefTemplate: string, gender: Gender, svcTypeId: number, services: SearchServiceRow[]];
/** The served index: short keys, positional rows. */
export interface SearchIndexJson {
  v: 2;
  c: SearchCategoryRow[];
}

/** What the booking cart keeps of a service (the shape of stores/card-store.ts ServiceRef). */
export interface SearchServiceRef {
  id: string;
  areaId: number;
  svcTypeId: number;
  gen: Gender;
  svcId: string;
  duration: number;
}

/** One service, ready to match. */
export interface SearchEntry {
  name: string;
  href: string;
  /** 'Women · Waxing'. */
  label: string;
  price: string;
  duration: string;
  /** Each word of the name with the other spellings it is found by (NAME_WORD_ALIASES). */
  nameWords: readonly (readonly string[])[];
  categoryWords: readonly string[];
  /** Catalogue order: the last tie-break. */
  order: number;
  /** What 'Add to booking' puts in the cart; its gen is the service's gender. */
  ref: SearchServiceRef;
}

export interface SearchResults {
  /** How many services match in all. */
  total: number;
  /** The best of them, at most the limit asked for. */
  entries: SearchEntry[];
}

/**
 * Other spellings of a name word. The salon calls the men's Brazilian a 'Brozilian'; a visitor types 'brazilian'.
 */
const NAME_WORD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  brozilian: ['brazilian'],
};

/** Lower case without accents or apostrophes ('Gentleman’s' reads 'gentlemans', 'Épilation' 'epilation'). */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '');
}

/** The words of a text: runs of letters and digits after normalising ('Clean-Up' is 'clean' and 'up'). */
export function searchWords(text: string): string[] {
  return normaliseSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** A name as it appears in a service's link: 'Brow Clean-Up' reads 'brow-clean-up'. */
export function nameSlug(name: string): string {
  return searchWords(name).join('-');
}

/** A service's link from its category's template. */
export function hrefFromTemplate(template: string, name: string): string {
  return template.replace('*', nameSlug(name));
}

function isStrings(value: unknown, lengths: readonly number[]): value is string[] {
  return Array.isArray(value) && lengths.includes(value.length) && value.every((item) => typeof item === 'string');
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** [name, price, duration, id, area, SKU, minutes, href?]: strings but the area and the minutes. */
function isServiceRow(value: unknown): value is SearchServiceRow {
  if (!Array.isArray(value) || (value.length !== 7 && value.length !== 8)) return false;
  return value.every((item, at) => (at === 4 || at === 6 ? isCount(item) : typeof item === 'string'));
}

/** Checks the served index's shape and prepares its entries; throws on anything else (a stale or broken file). */
export function decodeSearchIndex(json: unknown): SearchEntry[] {
  if (typeof json !== 'object' || json === null || (json as { v?: unknown }).v !== 2 || !Array.isArray((json as { c?: unknown }).c)) {
    throw new TypeError('Not a catalogue search index (version 2)');
  }
  const entries: SearchEntry[] = [];
  for (const category of (json as { c: unknown[] }).c) {
    if (
      !Array.isArray(category) ||
      category.length !== 6 ||
      !isStrings(category.slice(0, 3), [3]) ||
      (category[3] !== 0 && category[3] !== 1) ||
      !isCount(category[4]) ||
      !Array.isArray(category[5])
    ) {
      throw new TypeError('A category of the search index is malformed');
    }
    const [label, words, template, gen, svcTypeId, services] = category as [string, string, string, Gender, number, unknown[]];
    const categoryWords = words.split(' ').filter(Boolean);
    for (const service of services) {
      if (!isServiceRow(service)) throw new TypeError(`A service of '${label}' in the search index is malformed`);
      const [name, price, duration, id, areaId, svcId, minutes, href = hrefFromTemplate(template, name)] = service;
      const nameWords = searchWords(name).map((word) => [word, ...(NAME_WORD_ALIASES[word] ?? [])]);
      const ref: SearchServiceRef = { id, areaId, svcTypeId, gen, svcId, duration: minutes };
      entries.push({ name, href, label, price, duration, nameWords, categoryWords, order: entries.length, ref });
    }
  }
  return entries;
}

/** The distinct words of a query, normalised: no words means nothing to search for. */
export function queryWords(query: string): string[] {
  return [...new Set(searchWords(query))];
}

interface Ranked {
  entry: SearchEntry;
  inName: boolean;
  atNameStart: boolean;
}

function rank(entry: SearchEntry, words: readonly string[]): Ranked | undefined {
  let inName = false;
  let atNameStart = false;
  for (const word of words) {
    const nameIndex = entry.nameWords.findIndex((forms) => forms.some((form) => form.startsWith(word)));
    if (nameIndex >= 0) {
      inName = true;
      if (nameIndex === 0) atNameStart = true;
      continue;
    }
    if (!entry.categoryWords.some((categoryWord) => categoryWord.startsWith(word))) return undefined;
  }
  return { entry, inName, atNameStart };
}

/**
 * The services every word of the query finds: each word must be the start of a word of the service's name or of its
 * category ('braz' finds Brazilian, 'wax' a waxing service). Services found by their name come before those found
 * by their category alone, then those whose name starts with a word of the query, then shorter names.
 */
export function searchCatalogue(entries: readonly SearchEntry[], query: string, limit = SEARCH_SHOWN, gender?: Gender): SearchResults {
  const words = queryWords(query);
  if (words.length === 0) return { total: 0, entries: [] };
  const found: Ranked[] = [];
  for (const entry of entries) {
    if (gender !== undefined && entry.ref.gen !== gender) continue;
    const ranked = rank(entry, words);
    if (ranked) found.push(ranked);
  }
  found.sort(
    (a, b) =>
      Number(b.inName) - Number(a.inName) ||
      Number(b.atNameStart) - Number(a.atNameStart) ||
      a.entry.name.length - b.entry.name.length ||
      a.entry.order - b.entry.order,
  );
  return { total: found.length, entries: found.slice(0, Math.max(limit, 0)).map((ranked) => ranked.entry) };
}

/** How many services of each gender a query finds ([women, men]): the gender switch's counts. */
export function matchesByGender(entries: readonly SearchEntry[], query: string): [number, number] {
  const words = queryWords(query);
  const counts: [number, number] = [0, 0];
  if (words.length === 0) return counts;
  for (const entry of entries) if (rank(entry, words)) counts[entry.ref.gen] += 1;
  return counts;
}

/** What the live region says about a query's results. */
export function searchSummary(query: string, total: number): string {
  if (queryWords(query).length === 0) return '';
  if (total === 0) return `No service matches “${query.trim()}”.`;
  return total === 1 ? '1 service found' : `${total} services found`;
}

/** The results page's address for a query. */
export function searchPageHref(query: string): string {
  return `${SEARCH_PAGE_PATH}?${new URLSearchParams({ q: query.trim() }).toString()}`;
}
