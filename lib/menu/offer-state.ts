import { discountTitles, packageTexts, sectionFor, type PackageTexts } from '@/lib/catalog/data';
import { offerPrice, type OfferPrice } from '@/lib/catalog/offer-price';
import type { ServiceItem } from '@/lib/catalog/schema';
import type { OfferData } from '@/lib/catalog/snapshot-rows';
import { discountIdForPercent } from '@/lib/catalog/tables';

/**
 * A package's or bundle's numbers and the words made from them, pure: what the menu editor writes when the owner
 * changes an offer, or a service one holds (its price, its name). The price always follows offerPrice; a title or
 * description follows only while it is still the one made from the numbers, so an owner's own words are never
 * overwritten.
 */

export type OfferKind = 'package' | 'bundle';
export type Member = Pick<ServiceItem, 'id' | 'name' | 'price' | 'gen' | 'svcType'>;

export interface OfferTerms {
  kind: OfferKind;
  /** A package's sessions; 1 for a bundle. */
  sessions: number;
  discountPercent: number | null;
  fullPrice: boolean;
  /** The services it holds, in order: one for a package. */
  members: readonly Member[];
}

export function termsOf(kind: OfferKind, data: OfferData, members: readonly Member[]): OfferTerms {
  return { kind, sessions: kind === 'bundle' ? 1 : data.pvQtyCombined, discountPercent: data.discPrcentage, fullPrice: data.priceException === true, members };
}

export function priceOfTerms(terms: OfferTerms): OfferPrice {
  return offerPrice({ unitPrices: terms.members.map((member) => member.price), sessions: terms.sessions, discountPercent: terms.discountPercent, fullPrice: terms.fullPrice });
}

type TextKey = keyof PackageTexts;
const TEXT_KEYS: readonly TextKey[] = ['pvTitle', 'pvDescription', 'pvMetaTitle', 'pvMetaKeyWord', 'pvMetaDescription'];

/** The words made from the terms: all of a package's; a bundle's keywords and page title (its name and text are the owner's). */
export function madeTexts(terms: OfferTerms, title: string): Partial<PackageTexts> {
  if (terms.kind === 'bundle') {
    return { pvMetaTitle: `${title} bundle | NYC`, pvMetaKeyWord: terms.members.map((member) => member.name.toLowerCase()).join(', ') };
  }
  const service = terms.members[0]!;
  const discId = terms.discountPercent === null ? null : (discountIdForPercent(terms.discountPercent) ?? null);
  const tier = { size: terms.sessions, discId, ...(terms.fullPrice ? { exception: true as const } : {}) };
  return packageTexts(service, tier, priceOfTerms(terms).price, sectionFor(service.svcType, service.gen) ?? {});
}

/**
 * The offer's stored fields after a change from `before` to `after`, with the owner's own name or description when
 * given. Words that still read as made from the old numbers are made again from the new.
 */
export function restateOffer(data: OfferData, before: OfferTerms, after: OfferTerms, own: { name?: string; desc?: string } = {}): OfferData {
  const title = own.name ?? data.pvTitle;
  const old = madeTexts(before, data.pvTitle);
  const made = madeTexts(after, title);
  const texts = {} as PackageTexts;
  for (const key of TEXT_KEYS) {
    const follows = made[key] !== undefined && data[key] === old[key];
    texts[key] = follows ? made[key]! : data[key];
  }
  if (own.name !== undefined) texts.pvTitle = own.name;
  if (own.desc !== undefined) {
    // The page's description was the text itself: it stays so.
    if (data.pvMetaDescription === data.pvDescription) texts.pvMetaDescription = own.desc;
    texts.pvDescription = own.desc;
  }
  const discId = after.discountPercent === null ? null : (discountIdForPercent(after.discountPercent) ?? null);
  const { priceException: _exception, ...rest } = data;
  return {
    ...rest,
    ...texts,
    pvQtyCombined: after.sessions,
    pvPrice: priceOfTerms(after).price,
    ...discountTitles(discId),
    // A one-session package is a first-visit offer (lib/catalog/catalog.ts isFirstVisitOffer), always featured.
    isSpecial: after.kind === 'package' && after.sessions === 1 ? 1 : before.kind === 'package' && before.sessions === 1 ? 0 : data.isSpecial,
    ...(after.fullPrice ? { priceException: true } : {}),
  };
}
