/**
 * The catalogue builder: sections of compact rows in, ServiceItem records out. SKUs, GUIDs, monikers, image paths,
 * package SKUs and tier prices are derived here the same way for every row, so a reader checks one rule instead of
 * two hundred records. catalog-data.test.ts checks the output against the specification independently.
 */
import type { PackageOffer, ServiceItem } from '../schema';
import {
  DISCOUNTS,
  GENDER_SLUG,
  SKU_PREFIX_BY_FLAG,
  TABS,
  AREA_BY_FLAG,
  PACKAGE_TYPE,
  tabIdForFlag,
  type BodyPart,
  type DiscountId,
  type Gender,
  type ServiceTypeFlag,
} from '../tables';
import { formatUsd } from '../format';
import { offerPrice } from '../offer-price';
import { stableGuid } from './guid';

/** A package size and its discount id; `exception` marks a price the salon set by hand (size x unit price). */
export interface Tier {
  size: number;
  discId: DiscountId | null;
  exception?: true;
  /** A featured first-visit or promotional offer. */
  special?: true;
}

export interface RowOptions {
  /** Replaces the section's tiers for this row; [] for none. */
  tiers?: Tier[];
  wt?: ServiceItem['wt'];
  mid?: string;
  /** A fixed SKU (the lunch specials). */
  sku?: string;
  title?: string;
}

/**
 * [name, booked minutes, price in USD, description, body part, options]. Each row has its own description: the first
 * sentence stands alone (the compact menu row may show only it), and no sentence is shared word for word by more than
 * three services (descriptions.test.ts).
 */
export type Row = [name: string, duration: number, price: number, desc: string, bp?: BodyPart, options?: RowOptions];

export interface Section {
  flag: ServiceTypeFlag;
  gen: Gender;
  /** Appended to the moniker so that the same body part in two sections stays unique: 'wax', 'laser'. */
  suffix: string;
  defaultBp?: BodyPart;
  wt?: ServiceItem['wt'];
  tiers?: Tier[];
  title: (name: string) => string;
  /** What one session is called in a package's description: 'Brazilian wax', 'Underarm laser'; the name if absent. */
  unit?: (name: string) => string;
  /**
   * The second sentence of a multi-session package's description: how the sessions are best spaced or what the
   * course achieves. It names the service, so that no sentence repeats across the section's packages.
   */
  course?: (sessions: number, unit: string) => string;
  rows: Row[];
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const GENDER_WORD: Record<Gender, string> = { 0: 'womens', 1: 'mens' };

function imagePath(flag: ServiceTypeFlag, gen: Gender, moniker: string): string {
  const category = TABS[tabIdForFlag(flag)]!.name;
  return `/images/services/${category}/${GENDER_SLUG[gen]}/${moniker}.jpg`;
}

/**
 * The package price: sessions x unit price less the discount, to the cent, by the same rule as the cart line
 * (lib/catalog/format.ts discountedPrice), so the menu, the cart and the shop's '{n}%OFF' code agree.
 */
export function tierPrice(unit: number, tier: Tier): number {
  return offerPrice({ unitPrices: [unit], sessions: tier.size, discountPercent: tier.discId === null ? null : DISCOUNTS[tier.discId], fullPrice: tier.exception }).price;
}

let shopProductId = 7_300_000_000;
function nextShopProductId(): number {
  shopProductId += 1;
  return shopProductId;
}

export function discountTitles(discId: DiscountId | null): Pick<PackageOffer, 'discId' | 'discAmount' | 'discPrcentage' | 'discUTitle' | 'discTitle'> {
  if (discId === null) return { discId: null, discAmount: 0, discPrcentage: null, discUTitle: null, discTitle: null };
  const percent = DISCOUNTS[discId];
  return { discId, discAmount: 0, discPrcentage: percent, discUTitle: `SAVE ${percent}%`, discTitle: `${percent}% off` };
}

function serviceFields(item: ServiceItem): Pick<PackageOffer, 'svcSku' | 'svcGuid' | 'svcType' | 'svcName' | 'svcDuration' | 'svcMoniker' | 'svcPrice'> {
  return {
    svcSku: item.value,
    svcGuid: item.id,
    svcType: item.svcType,
    svcName: item.name,
    svcDuration: item.duration,
    svcMoniker: item.moniker,
    svcPrice: item.price,
  };
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** 'six' for 6, in package descriptions. */
export function numberWord(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/**
 * A package's own description: its numbers, then the section's note on the course. The rules shared by every package
 * (booking each session online, any location that offers the service) are on the package page instead.
 */
function packageDescription(item: Pick<ServiceItem, 'name' | 'price'>, tier: Tier, price: number, section: Pick<Section, 'unit' | 'course'>): string {
  const percent = tier.discId === null ? null : DISCOUNTS[tier.discId];
  const unit = section.unit?.(item.name) ?? item.name;
  if (tier.size === 1) return `Your first ${unit} session for ${formatUsd(price)} instead of ${formatUsd(item.price)}: ${percent}% off, for new clients only.`;
  const perSession = Math.round((price / tier.size) * 100) / 100;
  // A hand-set price (tier.exception) is not the arithmetic discount, so the text names no percentage for it.
  const off = percent && !tier.exception ? ` (${percent}% off)` : '';
  const numbers = `${tier.size} sessions of ${unit} for ${formatUsd(price)}${off}, ${formatUsd(perSession)} a session.`;
  const course = section.course?.(tier.size, unit);
  return course ? `${numbers} ${course}` : numbers;
}

export type PackageTexts = Pick<PackageOffer, 'pvTitle' | 'pvDescription' | 'pvMetaTitle' | 'pvMetaKeyWord' | 'pvMetaDescription'>;

/**
 * A package's words, made from its service, sessions, discount and price: the seed's, and those the owner's editor
 * keeps in step when one of these changes (lib/menu), unless the owner wrote their own.
 */
export function packageTexts(item: Pick<ServiceItem, 'name' | 'price' | 'gen'>, tier: Tier, price: number, section: Pick<Section, 'unit' | 'course'>): PackageTexts {
  const percent = tier.discId === null ? null : DISCOUNTS[tier.discId];
  const firstVisit = tier.size === 1;
  // Eyebrows are waxed, threaded or lasered: the treatment is in the name wherever the section's sessions say it.
  const treatment = /\s(wax|laser|sugaring|threading)$/.exec(section.unit?.(item.name) ?? '')?.[1];
  const label = treatment ? `${item.name} ${treatment[0]!.toUpperCase()}${treatment.slice(1)}` : item.name;
  const pvTitle = firstVisit ? `First ${label}: ${percent}% off` : `${label}, ${tier.size} sessions`;
  // The page's own title and heading also say whose: a search result stands alone.
  const forWhom = `${label} for ${item.gen === 0 ? 'Women' : 'Men'}`;
  const heading = firstVisit ? `First ${forWhom}: ${percent}% off` : `${forWhom}, ${tier.size} sessions`;
  const pvDescription = packageDescription(item, tier, price, section);
  return {
    pvTitle,
    pvDescription,
    pvMetaTitle: `${heading} | NYC`,
    pvMetaKeyWord: `${item.name.toLowerCase()} package, ${item.name.toLowerCase()} nyc`,
    pvMetaDescription: pvDescription,
  };
}

function packageOffer(item: ServiceItem, tier: Tier, section: Section): PackageOffer {
  const pvSku = `${item.value}X${tier.size}`;
  const moniker = `${item.moniker}-x${tier.size}`;
  const price = tierPrice(item.price, tier);
  const texts = packageTexts(item, tier, price, section);
  return {
    pvId: stableGuid(pvSku),
    pvTitle: texts.pvTitle,
    pvDescription: texts.pvDescription,
    pvSku,
    pvType: PACKAGE_TYPE.MULTI_SESSION,
    pvQtyCombined: tier.size,
    pvPrice: price,
    pvMetaTitle: texts.pvMetaTitle,
    pvMetaKeyWord: texts.pvMetaKeyWord,
    pvMetaDescription: texts.pvMetaDescription,
    ...serviceFields(item),
    moniker,
    ...discountTitles(tier.discId),
    spfId: nextShopProductId(),
    isSpecial: tier.special || tier.size === 1 ? 1 : 0,
    sm: null,
    mid: null,
    lg: `/images/products/packages/${GENDER_SLUG[item.gen]}/${moniker}.jpg`,
    ...(tier.exception ? { priceException: true } : {}),
  };
}

const skuCounters = new Map<string, number>();

function nextSku(prefix: string): string {
  const next = (skuCounters.get(prefix) ?? 0) + 1;
  skuCounters.set(prefix, next);
  return `${prefix}${String(next).padStart(3, '0')}`;
}

/** Expands a section's rows into service items, packages included. */
export function buildSection(section: Section): ServiceItem[] {
  return section.rows.map((row, index) => {
    const [name, duration, price, desc, bp, options = {}] = row;
    const value = options.sku ?? nextSku(SKU_PREFIX_BY_FLAG[section.flag][section.gen]);
    const moniker = `${GENDER_WORD[section.gen]}-${slugify(name)}-${section.suffix}`;
    const item: ServiceItem = {
      value,
      name,
      duration,
      id: stableGuid(value),
      bp: bp ?? section.defaultBp ?? 51,
      sa: 2 ** index,
      moniker,
      title: options.title ?? section.title(name),
      desc,
      svcType: section.flag,
      price,
      tprice: null,
      gen: section.gen,
      wt: options.wt ?? section.wt ?? null,
      sm: null,
      mid: options.mid ?? null,
      lg: imagePath(section.flag, section.gen, moniker),
      spkg: [],
      areaId: AREA_BY_FLAG[section.flag],
    };
    const tiers = options.tiers ?? section.tiers ?? [];
    item.spkg = tiers.map((tier) => packageOffer(item, tier, section));
    return item;
  });
}

export interface BundleSpec {
  code: string;
  title: string;
  /** Monikers of the services the bundle holds. */
  services: string[];
  discId: DiscountId | null;
  special?: true;
  description: string;
}

/**
 * A bundle is one product (one pvId, one price) attached to every service it holds, so each of their menus offers it.
 * Its price is the sum of the services' prices less the bundle discount, to the cent.
 */
export function attachBundle(spec: BundleSpec, byMoniker: Map<string, ServiceItem>): PackageOffer[] {
  const members = spec.services.map((moniker) => {
    const item = byMoniker.get(moniker);
    if (!item) throw new Error(`Bundle ${spec.code} names an unknown service ${moniker}`);
    return item;
  });
  const price = offerPrice({ unitPrices: members.map((item) => item.price), sessions: 1, discountPercent: spec.discId === null ? null : DISCOUNTS[spec.discId] }).price;
  const gen = members[0]!.gen;
  const moniker = `${slugify(spec.title)}-bundle`;
  const spfId = nextShopProductId();
  const offers = members.map((item) => {
    const offer: PackageOffer = {
      pvId: stableGuid(spec.code),
      pvTitle: spec.title,
      pvDescription: spec.description,
      pvSku: spec.code,
      pvType: PACKAGE_TYPE.BUNDLE,
      pvQtyCombined: 1,
      pvPrice: price,
      pvMetaTitle: `${spec.title} bundle | NYC`,
      pvMetaKeyWord: members.map((member) => member.name.toLowerCase()).join(', '),
      pvMetaDescription: spec.description,
      ...serviceFields(item),
      moniker,
      ...discountTitles(spec.discId),
      spfId,
      isSpecial: spec.special ? 1 : 0,
      sm: null,
      mid: null,
      lg: `/images/products/bundles/${GENDER_SLUG[gen]}/${moniker}.jpg`,
    };
    item.spkg.push(offer);
    return offer;
  });
  return offers;
}
