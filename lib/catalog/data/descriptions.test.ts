import { formatUsd } from '../format';
import type { PackageOffer, ServiceItem } from '../schema';
import { BUNDLES, SERVICE_ITEMS } from './index';

/** The compact menu row may show only the first sentence. */
const FIRST_SENTENCE_MAX = 120;
const DESCRIPTION_MAX = 320;
/** A sentence may be shared word for word by at most this many services (or offers). */
const MAX_SHARED = 3;

/** Splits after '.', '!' or '?' followed by a space, so that a price such as $63.75 stays in one sentence. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

const normalise = (sentence: string) => sentence.replace(/\s+/g, ' ').toLowerCase();

/** Sentences held by more than MAX_SHARED owners, with the owners, for a readable failure. */
function overShared(owned: Iterable<[owner: string, text: string]>): Record<string, string[]> {
  const owners = new Map<string, Set<string>>();
  for (const [owner, text] of owned) {
    for (const sentence of sentences(text)) {
      const key = normalise(sentence);
      owners.set(key, (owners.get(key) ?? new Set()).add(owner));
    }
  }
  return Object.fromEntries([...owners].filter(([, set]) => set.size > MAX_SHARED).map(([sentence, set]) => [sentence, [...set]]));
}

/** Descriptions over the length limits, by owner. */
function overLong(owned: Iterable<[owner: string, text: string]>): Record<string, string> {
  const long: Record<string, string> = {};
  for (const [owner, text] of owned) {
    const first = sentences(text)[0] ?? '';
    if (first.length > FIRST_SENTENCE_MAX) long[owner] = `first sentence ${first.length} characters: ${first}`;
    else if (text.length > DESCRIPTION_MAX) long[owner] = `${text.length} characters: ${text}`;
  }
  return long;
}

const serviceDescriptions = (): [string, string][] => SERVICE_ITEMS.map((item) => [item.moniker, item.desc ?? '']);

/** One entry per offer: a bundle is attached to each of its services but is one offer. */
function offerDescriptions(): [string, string][] {
  const byId = new Map<string, PackageOffer>();
  for (const offer of [...SERVICE_ITEMS.flatMap((item) => item.spkg), ...BUNDLES]) byId.set(offer.pvId, offer);
  return [...byId.values()].map((offer) => [offer.moniker, offer.pvDescription]);
}

describe('service descriptions', () => {
  it('describe every service in at most 320 characters, the first sentence in at most 120', () => {
    for (const item of SERVICE_ITEMS) expect([item.moniker, (item.desc ?? '').length > 0]).toEqual([item.moniker, true]);
    expect(overLong(serviceDescriptions())).toEqual({});
  });

  it('share no sentence word for word across more than three services', () => {
    expect(overShared(serviceDescriptions())).toEqual({});
  });

  it('repeat no sentence within one menu section, even with the service name swapped', () => {
    const sections = new Map<string, ServiceItem[]>();
    for (const item of SERVICE_ITEMS) {
      const key = `${item.gen}:${item.svcType}`;
      sections.set(key, [...(sections.get(key) ?? []), item]);
    }
    const repeated: Record<string, string[]> = {};
    for (const [key, items] of sections) {
      const seen = new Map<string, string>();
      for (const item of items) {
        const name = new RegExp(item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
        for (const sentence of sentences(item.desc ?? '')) {
          const template = normalise(sentence.replace(name, '{name}'));
          const earlier = seen.get(template);
          if (earlier && earlier !== item.moniker) repeated[`${key} ${template}`] = [earlier, item.moniker];
          seen.set(template, item.moniker);
        }
      }
    }
    expect(repeated).toEqual({});
  });

  it('use American spelling', () => {
    const british = /\b(colour|centre|moisturis|favourit|programme|licence|practis|travell|optimis|minimis)/i;
    expect(SERVICE_ITEMS.filter((item) => british.test(item.desc ?? '')).map((item) => item.moniker)).toEqual([]);
  });

  it('keep the policy text of the specification, in its own words where it is repeated', () => {
    const of = (flags: number[]) =>
      SERVICE_ITEMS.filter((item) => flags.includes(item.svcType))
        .map((item) => item.desc ?? '')
        .join(' ');
    expect(of([1048576, 2097152])).toMatch(/touch-up is free within 3 months/i);
    expect(of([1048576, 2097152])).toMatch(/refresh up to 6 months/i);
    expect(of([4, 8])).toMatch(/six to eight sessions/i);
    expect(of([4, 8])).toMatch(/six to twelve months/i);
    expect(of([16777216])).toMatch(/at least six sessions.*at most 4 weeks apart/i);
    expect(of([4096, 8192])).toMatch(/free when booked with a wax in the same body area/i);
    expect(of([1])).toMatch(/soft wax.*cartridge/i);
    expect(of([1, 2])).toMatch(/hard wax.*pre-wax oil/i);
  });
});

describe('package and bundle descriptions', () => {
  it('describe every offer in at most 320 characters, the first sentence in at most 120', () => {
    expect(overLong(offerDescriptions())).toEqual({});
  });

  it('share no sentence word for word across more than three offers', () => {
    expect(offerDescriptions().length).toBeGreaterThan(300);
    expect(overShared(offerDescriptions())).toEqual({});
  });

  it('give each package its price and price per session, and no percentage where the salon set the price by hand', () => {
    const packages = SERVICE_ITEMS.flatMap((item) => item.spkg).filter((offer) => offer.pvType === 3);
    for (const offer of packages) {
      expect([offer.pvSku, offer.pvDescription.includes(formatUsd(offer.pvPrice))]).toEqual([offer.pvSku, true]);
      if (offer.pvQtyCombined > 1) expect(offer.pvDescription).toContain(`${formatUsd(Math.round((offer.pvPrice / offer.pvQtyCombined) * 100) / 100)} a session`);
      if (offer.priceException) expect(offer.pvDescription).not.toMatch(/% off/);
    }
    expect(packages.filter((offer) => offer.priceException)).toHaveLength(4);
  });
});
