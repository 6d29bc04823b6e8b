import { gzipSync } from 'node:zlib';
import { allServiceItems } from './catalog';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from './snapshot';
import { formatServiceDuration } from './format';
import { servicesPath } from './routes';
import {
  SEARCH_SHOWN,
  decodeSearchIndex,
  hrefFromTemplate,
  matchesByGender,
  nameSlug,
  normaliseSearchText,
  queryWords,
  searchCatalogue,
  searchPageHref,
  searchSummary,
  searchWords,
  type SearchEntry,
} from './search';
import { buildSearchIndex, serverSearchEntries, shownPrice } from './search-index';
import { CONTROL_CHARACTER_MESSAGE, TOO_LONG_MESSAGE, parseSearchQuery } from './search-query';

const entries = serverSearchEntries();
const names = (found: readonly SearchEntry[]) => found.map((entry) => `${entry.name} (${entry.label})`);
const all = (query: string) => searchCatalogue(entries, query, Infinity);

/** A small index written by hand, to check the ranking apart from the catalogue's data. */
function tiny(services: [label: string, words: string, name: string][]): SearchEntry[] {
  return decodeSearchIndex({
    v: 2,
    c: services.map(([label, words, name], at) => [label, words, '/services/*/', 0, 1, [[name, '$1', '15 min', `id-${at}`, 1, `SKU${at}`, 15]]]),
  });
}

describe('the index built from the catalogue', () => {
  const index = buildSearchIndex();

  it('holds every service of both genders and every tab once, with its link, label, price and duration', () => {
    const items = allServiceItems();
    expect(entries).toHaveLength(items.length);
    expect(new Set(entries.map((entry) => entry.href)).size).toBe(items.length);
    for (const item of items) {
      const entry = entries.find((candidate) => candidate.href === servicesPath(item.moniker));
      expect(entry).toMatchObject({ name: item.name, price: shownPrice(item.price), duration: formatServiceDuration(item) });
      expect(entry?.label).toMatch(item.gen === 0 ? /^Women · / : /^Men · /);
    }
    expect(new Set(entries.map((entry) => entry.label.split(' · ')[0]))).toEqual(new Set(['Women', 'Men']));
  });

  it("labels each service with its gender and tab's label, and shows a price of 0 as Free", () => {
    const brazilianWax = entries.find((entry) => entry.href === '/services/womens-brazilian-wax/');
    expect(brazilianWax).toMatchObject({ label: 'Women · Waxing', price: '$75', duration: '45 min' });
    expect(entries.find((entry) => entry.href === '/services/mens-brozilian-laser/')?.label).toBe('Men · Laser Hair Removal');
    expect(entries.find((entry) => entry.href === '/services/mens-brozilian-patch-test/')).toMatchObject({ label: 'Men · Laser Patch Test', price: 'Free' });
    expect(new Set(entries.map((entry) => entry.label.split(' · ')[1])).size).toBe(9);
  });

  it('round-trips through JSON as the served file does', () => {
    expect(decodeSearchIndex(JSON.parse(JSON.stringify(index)))).toEqual(entries);
  });

  it('leaves out the links its category template gives back, and keeps the others', () => {
    const rows = index.c.flatMap((category) => category[5]);
    expect(rows.filter((row) => row.length === 7).length).toBeGreaterThan(rows.length * 0.9);
    const withLink = rows.find((row) => row.length === 8);
    if (withLink) expect(withLink[7]).toMatch(/^\/services\/[a-z0-9-]+\/$/);
  });

  it("carries what 'Add to booking' puts in the cart: id, area, type, gender, SKU and minutes of each service", () => {
    for (const item of allServiceItems()) {
      const entry = entries.find((candidate) => candidate.href === servicesPath(item.moniker));
      expect(entry?.ref).toEqual({ id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration });
    }
  });

  it('leaves out a service the owner made bookable online nowhere: it could not be booked', () => {
    const seed = seedSnapshot();
    const wax = seed.services.find((item) => item.moniker === 'womens-brazilian-wax')!;
    setCatalogSnapshot({ ...seed, version: 1, bookableAt: new Map([...seed.bookableAt, [wax.id, []]]) });
    try {
      const found = serverSearchEntries();
      expect(found.some((entry) => entry.href === '/services/womens-brazilian-wax/')).toBe(false);
      expect(found).toHaveLength(entries.length - 1);
    } finally {
      resetCatalogSnapshot();
    }
  });

  // Loaded on the box's first focus, never with the page. The cart's ids (GUIDs, which do not compress) are most of it.
  it('is small: under 10 KB gzip', () => {
    expect(gzipSync(JSON.stringify(index)).length).toBeLessThan(10_000);
  });
});

describe('decodeSearchIndex', () => {
  it('derives a link from the template with the slug of the name', () => {
    expect(nameSlug('Brow Clean-Up')).toBe('brow-clean-up');
    expect(hrefFromTemplate('/services/mens-*-facial/', 'Gentleman’s Facial')).toBe('/services/mens-gentlemans-facial-facial/');
    const [explicit] = decodeSearchIndex({ v: 2, c: [['Women · Waxing', 'wax', '/services/womens-*-wax/', 0, 1, [['Odd', '$1', '15 min', 'id', 1, 'SKU', 15, '/services/other/']]]] });
    expect(explicit?.href).toBe('/services/other/');
  });

  it.each([
    ['null', null],
    ['another version', { v: 1, c: [] }],
    ['no categories', { v: 2 }],
    ['a short category', { v: 2, c: [['Women · Waxing', 'wax', []]] }],
    ['a category of no gender', { v: 2, c: [['Women · Waxing', 'wax', '/services/*/', 2, 1, []]] }],
    ['a service with a number for a price', { v: 2, c: [['Women · Waxing', 'wax', '/services/*/', 0, 1, [['Chin', 15, '15 min', 'id', 1, 'SKU', 15]]]] }],
    ['a service without a duration', { v: 2, c: [['Women · Waxing', 'wax', '/services/*/', 0, 1, [['Chin', '$15']]]] }],
    ['a service with minutes as text', { v: 2, c: [['Women · Waxing', 'wax', '/services/*/', 0, 1, [['Chin', '$15', '15 min', 'id', 1, 'SKU', '15']]]] }],
  ])('refuses %s', (_name, json) => {
    expect(() => decodeSearchIndex(json)).toThrow(TypeError);
  });
});

describe('the words of a text', () => {
  it('ignore case, accents and apostrophes, and split on anything but letters and digits', () => {
    expect(normaliseSearchText('Épilation Gentleman’s')).toBe('epilation gentlemans');
    expect(searchWords('Swedish Massage, 60 Minutes')).toEqual(['swedish', 'massage', '60', 'minutes']);
    expect(searchWords('Brow Clean-Up')).toEqual(['brow', 'clean', 'up']);
    expect(queryWords('  LIP lip  ')).toEqual(['lip']);
    expect(queryWords(' ,.- ')).toEqual([]);
  });
});

describe('searchCatalogue over the catalogue', () => {
  it("'braz' finds every Brazilian: wax, laser, sugaring, and the men's, which the salon spells Brozilian", () => {
    const found = all('braz').entries;
    const hrefs = found.map((entry) => entry.href);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/services/womens-brazilian-wax/',
        '/services/womens-brazilian-laser/',
        '/services/womens-brazilian-with-strip-laser/',
        '/services/womens-brazilian-sugaring/',
        '/services/mens-brozilian-wax/',
        '/services/mens-brozilian-laser/',
        '/services/mens-brozilian-sugaring/',
      ]),
    );
    for (const entry of found) expect(entry.name).toMatch(/Br[ao]zilian/);
  });

  it('is case- and accent-insensitive', () => {
    const expected = all('braz').entries;
    expect(all('BRAZ').entries).toEqual(expected);
    expect(all('Bräz').entries).toEqual(expected);
    expect(all('brazílian').entries).toEqual(expected);
  });

  it("'full leg' finds the full-leg services of both genders and nothing else", () => {
    const found = all('full leg').entries;
    expect(found.length).toBeGreaterThanOrEqual(5);
    for (const entry of found) expect(entry.name).toMatch(/^Full Legs?$/);
    expect(found.map((entry) => entry.label)).toEqual(expect.arrayContaining(['Women · Waxing', 'Women · Laser Hair Removal', 'Women · Sugaring', 'Men · Waxing', 'Men · Laser Hair Removal']));
  });

  it("'lip' finds upper lip and lip blush, by the start of any word of the name", () => {
    const found = names(all('lip').entries);
    expect(found).toEqual(expect.arrayContaining(['Upper Lip (Women · Waxing)', 'Lower Lip (Men · Laser Hair Removal)', 'Lip Blush (Women · Brows & Lashes)']));
    expect(found.some((name) => name.startsWith('Eyelash'))).toBe(false);
  });

  it('needs every word of the query: a word of the category narrows the search', () => {
    expect(names(all('braz wax').entries).sort()).toEqual(['Brazilian (Women · Waxing)', 'Brozilian (Men · Waxing)']);
    expect(names(all('lip laser men').entries).sort()).toEqual(['Lower Lip (Men · Laser Hair Removal)', 'Upper Lip (Men · Laser Hair Removal)']);
    expect(names(all("eyebrows threading women's").entries)).toEqual(['Eyebrows (Women · Brows & Lashes)']);
    expect(all('braz xyz').total).toBe(0);
  });

  it("finds by a category's words alone ('laser', 'wax'), after the services whose name has the word", () => {
    const laser = all('laser').entries;
    const firstByCategory = laser.findIndex((entry) => !entry.nameWords.some((forms) => forms.some((form) => form.startsWith('laser'))));
    expect(laser.slice(0, firstByCategory).map((entry) => entry.name)).toEqual(expect.arrayContaining(['Laser Genesis', 'Carbon Laser Peel']));
    expect(firstByCategory).toBeGreaterThan(0);
    // Laser hair removal, patch tests, tattoo removal, and skincare's 'Laser Treatments & Advance Peels'.
    expect(laser.slice(firstByCategory).every((entry) => entry.categoryWords.includes('laser'))).toBe(true);
    expect(laser.slice(firstByCategory).some((entry) => entry.name === 'Brazilian')).toBe(true);
    expect(all('wax').entries.every((entry) => entry.label.endsWith('Waxing'))).toBe(true);
  });

  it('finds nothing for an empty query or one of punctuation only', () => {
    expect(searchCatalogue(entries, '')).toEqual({ total: 0, entries: [] });
    expect(searchCatalogue(entries, ' - ')).toEqual({ total: 0, entries: [] });
  });

  it('shows at most the limit and counts them all', () => {
    const found = searchCatalogue(entries, 'wax');
    expect(found.entries).toHaveLength(SEARCH_SHOWN);
    expect(found.total).toBe(all('wax').total);
    expect(found.total).toBeGreaterThan(SEARCH_SHOWN);
    expect(searchCatalogue(entries, 'wax', 3).entries).toEqual(all('wax').entries.slice(0, 3));
  });

  it("keeps to the gender asked for, and counts each gender's matches for the switch", () => {
    const women = searchCatalogue(entries, 'braz', Infinity, 0);
    const men = searchCatalogue(entries, 'braz', Infinity, 1);
    expect(women.entries.length).toBeGreaterThan(0);
    expect(women.entries.every((entry) => entry.label.startsWith('Women · ') && entry.ref.gen === 0)).toBe(true);
    expect(men.entries.every((entry) => entry.label.startsWith('Men · ') && entry.ref.gen === 1)).toBe(true);
    expect(men.entries.map((entry) => entry.name)).toContain('Brozilian');
    expect(matchesByGender(entries, 'braz')).toEqual([women.total, men.total]);
    expect(women.total + men.total).toBe(all('braz').total);
    expect(matchesByGender(entries, ' ')).toEqual([0, 0]);
  });
});

describe('the ranking', () => {
  it('puts a name match before a category-only match', () => {
    const index = tiny([
      ['Women · Waxing', 'wax waxing', 'Chin'],
      ['Women · Skincare', 'skincare', 'Wax Facial'],
    ]);
    expect(searchCatalogue(index, 'wax').entries.map((entry) => entry.name)).toEqual(['Wax Facial', 'Chin']);
  });

  it("then a name that starts with a word of the query, then the shorter name, then the catalogue's order", () => {
    const index = tiny([
      ['A', '', 'Upper Lip'],
      ['A', '', 'Lip Treatment'],
      ['A', '', 'Lip Blush'],
      ['A', '', 'Lower Lip'],
    ]);
    expect(searchCatalogue(index, 'lip').entries.map((entry) => entry.name)).toEqual(['Lip Blush', 'Lip Treatment', 'Upper Lip', 'Lower Lip']);
  });

  it("ranks the catalogue's 'lip' and 'braz' searches that way", () => {
    const lip = all('lip').entries.map((entry) => entry.name);
    expect(lip.indexOf('Lip Blush')).toBeLessThan(lip.indexOf('Upper Lip'));
    const braz = all('braz').entries.map((entry) => entry.name);
    expect(braz.at(-1)).toBe('Brazilian with Strip');
  });
});

describe('what the search says', () => {
  it('counts the results, or says that nothing matches', () => {
    expect(searchSummary('', 0)).toBe('');
    expect(searchSummary('braz', 8)).toBe('8 services found');
    expect(searchSummary('chin', 1)).toBe('1 service found');
    expect(searchSummary(' zzz ', 0)).toBe('No service matches “zzz”.');
  });

  it('links to the results page with the query', () => {
    expect(searchPageHref(' full leg ')).toBe('/search/?q=full+leg');
    expect(searchPageHref('a&b')).toBe('/search/?q=a%26b');
  });
});

describe('parseSearchQuery', () => {
  it('reads a missing or empty q as an empty search, trims, and takes the first of several', () => {
    expect(parseSearchQuery(undefined)).toEqual({ ok: true, query: '' });
    expect(parseSearchQuery('')).toEqual({ ok: true, query: '' });
    expect(parseSearchQuery('  braz ')).toEqual({ ok: true, query: 'braz' });
    expect(parseSearchQuery(['lip', 'braz'])).toEqual({ ok: true, query: 'lip' });
    expect(parseSearchQuery([])).toEqual({ ok: true, query: '' });
  });

  it('accepts 100 characters and refuses 101', () => {
    expect(parseSearchQuery('a'.repeat(100))).toEqual({ ok: true, query: 'a'.repeat(100) });
    expect(parseSearchQuery('a'.repeat(101))).toEqual({ ok: false, message: TOO_LONG_MESSAGE });
  });

  it.each(['lip\u0000', 'a\nb', 'tab\there', '\u007f', 'x\u009b'])('refuses control characters (%j)', (raw) => {
    expect(parseSearchQuery(raw)).toEqual({ ok: false, message: CONTROL_CHARACTER_MESSAGE });
  });
});
