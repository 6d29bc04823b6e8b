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
import { discountedPrice } from '../format';
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
  desc?: string;
  /** Replaces the section's tiers for this row; [] for none. */
  tiers?: Tier[];
  wt?: ServiceItem['wt'];
  mid?: string;
  /** A fixed SKU (the lunch specials). */
  sku?: string;
  title?: string;
}

/** [name, booked minutes, price in USD, body part, options] */
export type Row = [name: string, duration: number, price: number, bp?: BodyPart, options?: RowOptions];

export interface Section {
  flag: ServiceTypeFlag;
  gen: Gender;
  /** Appended to the moniker so that the same body part in two sections stays unique: 'wax', 'laser'. */
  suffix: string;
  defaultBp?: BodyPart;
  wt?: ServiceItem['wt'];
  tiers?: Tier[];
  title: (name: string) => string;
  describe: (name: string, row: Row) => string;
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
  if (tier.exception || tier.discId === null) return unit * tier.size;
  return discountedPrice(unit * tier.size, DISCOUNTS[tier.discId]);
}

let shopProductId = 7_300_000_000;
function nextShopProductId(): number {
  shopProductId += 1;
  return shopProductId;
}

function discountTitles(discId: DiscountId | null): Pick<PackageOffer, 'discId' | 'discAmount' | 'discPrcentage' | 'discUTitle' | 'discTitle'> {
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

function packageOffer(item: ServiceItem, tier: Tier): PackageOffer {
  const pvSku = `${item.value}X${tier.size}`;
  const moniker = `${item.moniker}-x${tier.size}`;
  const price = tierPrice(item.price, tier);
  const percent = tier.discId === null ? null : DISCOUNTS[tier.discId];
  const firstVisit = tier.size === 1;
  const pvTitle = firstVisit ? `First ${item.name}: ${percent}% off` : `${item.name}, ${tier.size} sessions`;
  const perSession = Math.round((price / tier.size) * 100) / 100;
  const pvDescription = firstVisit
    ? `Your first ${item.name.toLowerCase()} at ${percent}% off: $${price} instead of $${item.price}. One visit per new client.`
    : `${tier.size} sessions of ${item.name.toLowerCase()} for $${price}${percent ? ` (${percent}% off)` : ''}, $${perSession} a session. ` +
      'Book each session online once the package is in your account; sessions can be used at any location that offers the service.';
  return {
    pvId: stableGuid(pvSku),
    pvTitle,
    pvDescription,
    pvSku,
    pvType: PACKAGE_TYPE.MULTI_SESSION,
    pvQtyCombined: tier.size,
    pvPrice: price,
    pvMetaTitle: `${pvTitle} | NYC`,
    pvMetaKeyWord: `${item.name.toLowerCase()} package, ${item.name.toLowerCase()} nyc`,
    pvMetaDescription: pvDescription,
    ...serviceFields(item),
    moniker,
    ...discountTitles(tier.discId),
    spfId: nextShopProductId(),
    isSpecial: tier.special || firstVisit ? 1 : 0,
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
    const [name, duration, price, bp, options = {}] = row;
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
      desc: options.desc ?? section.describe(name, row),
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
    item.spkg = tiers.map((tier) => packageOffer(item, tier));
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
  const sum = members.reduce((total, item) => total + item.price, 0);
  const price = spec.discId === null ? sum : discountedPrice(sum, DISCOUNTS[spec.discId]);
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
