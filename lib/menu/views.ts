import type { ServiceItem } from '@/lib/catalog/schema';
import type { DepositRule } from '@/lib/deposits/rule';
import type { OfferData, OfferRow, ServiceRow } from '@/lib/catalog/snapshot-rows';
import { GENDER_SLUG, LOCATIONS, SERVICE_TYPE_LABELS, TABS, tabIdForFlag, type LocationSlug, type ServiceTypeFlag } from '@/lib/catalog/tables';
import { priceOfTerms, termsOf, type Member, type OfferKind } from './offer-state';
import { menuOfferPath, menuServicePath } from './paths';
import type { OfferQuery, ServiceQuery } from './schemas';

/**
 * What the menu editor's API answers and its pages show, shaped from the database's rows (the owner sees the
 * source of truth, not an instance's snapshot). Pure.
 */

export interface ServiceView {
  id: string;
  sku: string;
  moniker: string;
  name: string;
  desc: string | null;
  price: number;
  duration: number;
  /** Where it can be booked online, as location slugs. */
  bookableAt: LocationSlug[];
  /** The deposit online booking asks for (lib/deposits/rule.ts); null for none. */
  deposit: DepositRule | null;
  gender: 0 | 1;
  svcType: number;
  /** 'Wax', 'Laser', ... */
  typeLabel: string;
  /** The menu tab: 'wax', 'laser', ... */
  tab: string;
  tabLabel: string;
  retired: boolean;
  /** When it was last changed: the edit form sends it back, so that a save from an older copy is refused. */
  updatedAt: string;
  /** The public page (a retired one's redirects to its menu). */
  href: string;
  editHref: string;
}

export interface OfferServiceView {
  id: string;
  name: string;
  price: number;
  retired: boolean;
}

export interface OfferView {
  id: string;
  kind: OfferKind;
  sku: string;
  moniker: string;
  name: string;
  desc: string;
  sessions: number;
  discount: number | null;
  fullPrice: boolean;
  price: number;
  original: number;
  saving: number;
  perSession: number;
  featured: boolean;
  gender: 0 | 1;
  services: OfferServiceView[];
  retired: boolean;
  /** When it was last changed: the edit form sends it back, so that a save from an older copy is refused. */
  updatedAt: string;
  href: string;
  editHref: string;
}

export interface MenuRows {
  services: readonly ServiceRow[];
  offers: readonly OfferRow[];
}

const slugOf = (id: number) => LOCATIONS.find((location) => location.id === id)?.slug;

export function serviceView(row: ServiceRow): ServiceView {
  const flag = row.svcType as ServiceTypeFlag;
  const tab = TABS[tabIdForFlag(flag)]!;
  return {
    id: row.id,
    sku: row.sku,
    moniker: row.moniker,
    name: row.name,
    desc: row.data.desc,
    price: row.price,
    duration: row.duration,
    bookableAt: [...row.bookableAt].sort((a, b) => a - b).flatMap((id) => slugOf(id) ?? []),
    deposit: row.deposit ?? null,
    gender: row.gender as 0 | 1,
    svcType: row.svcType,
    typeLabel: SERVICE_TYPE_LABELS[flag],
    tab: tab.name,
    tabLabel: tab.label,
    retired: row.retiredAt !== null,
    updatedAt: row.updatedAt?.toISOString() ?? '',
    href: `/services/${row.moniker}/`,
    editHref: menuServicePath(row.id),
  };
}

export function memberOf(row: ServiceRow): Member & { retired: boolean } {
  return { id: row.id, name: row.name, price: row.price, gen: row.gender as 0 | 1, svcType: row.svcType, retired: row.retiredAt !== null };
}

export function offerView(row: OfferRow, servicesById: ReadonlyMap<string, ServiceRow>): OfferView {
  const members = row.serviceIds.flatMap((id) => {
    const service = servicesById.get(id);
    return service ? [memberOf(service)] : [];
  });
  const data: OfferData = row.data;
  const terms = termsOf(row.kind, data, members);
  const price = priceOfTerms(terms);
  return {
    id: row.id,
    kind: row.kind,
    sku: row.sku,
    moniker: row.moniker,
    name: data.pvTitle,
    desc: data.pvDescription,
    sessions: terms.sessions,
    discount: data.discPrcentage,
    fullPrice: terms.fullPrice,
    // The stored price is what the shop and the pages use; the editor keeps it equal to the computed one.
    price: row.price,
    original: price.original,
    saving: Math.round((price.original - row.price) * 100) / 100,
    perSession: price.perSession,
    featured: data.isSpecial === 1,
    gender: (members[0]?.gen ?? 0) as 0 | 1,
    services: members.map(({ id, name, price: unit, retired }) => ({ id, name, price: unit, retired })),
    retired: row.retiredAt !== null,
    updatedAt: row.updatedAt?.toISOString() ?? '',
    href: `/${row.kind === 'bundle' ? 'bundles' : 'packages'}/${row.moniker}/`,
    editHref: menuOfferPath(row.id),
  };
}

const byStatus = (status: ServiceQuery['status'], retired: boolean) => status === 'all' || (status === 'retired') === retired;

function matchesText(q: string | undefined, ...texts: string[]): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** The services the finder asks for, in menu order. */
export function findServices(rows: MenuRows, query: ServiceQuery): ServiceView[] {
  return [...rows.services]
    .sort((a, b) => a.position - b.position)
    .map(serviceView)
    .filter(
      (view) =>
        byStatus(query.status, view.retired) &&
        (query.gender === undefined || GENDER_SLUG[view.gender] === query.gender) &&
        (query.tab === undefined || view.tab === query.tab) &&
        matchesText(query.q, view.name, view.sku, view.moniker, view.typeLabel),
    );
}

/** The packages and bundles the finder asks for: by kind, by a service they hold, or by the finder's words. */
export function findOffers(rows: MenuRows, query: OfferQuery): OfferView[] {
  const servicesById = new Map(rows.services.map((row) => [row.id, row]));
  return [...rows.offers]
    .sort((a, b) => a.position - b.position)
    .map((row) => offerView(row, servicesById))
    .filter((view) => {
      const members = view.services.map((service) => servicesById.get(service.id)!).map(serviceView);
      return (
        byStatus(query.status, view.retired) &&
        (query.kind === undefined || view.kind === query.kind) &&
        (query.serviceId === undefined || view.services.some((service) => service.id === query.serviceId!.toLowerCase())) &&
        (query.gender === undefined || GENDER_SLUG[view.gender] === query.gender) &&
        (query.tab === undefined || members.some((member) => member.tab === query.tab)) &&
        matchesText(query.q, view.name, view.sku, view.moniker, ...members.map((member) => member.name))
      );
    });
}

/** A service's data as stored (the ServiceItem without its offers). */
export type StoredService = Omit<ServiceItem, 'spkg'>;
