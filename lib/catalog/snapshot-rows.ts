/**
 * The snapshot to and from the database's rows, pure: the seed writes `rowsOfSnapshot(seedSnapshot())` into an empty
 * database, and `snapshotOfRows` reads them back (snapshot-rows.test.ts proves the round trip gives the seed again).
 */
import type { DepositRuleData } from '@/lib/db/schema/deposits';
import type { ServiceTypeRecord } from './data';
import type { PackageOffer, ServiceItem } from './schema';
import {
  type CatalogSnapshot,
  type DayHours,
  type NewsCard,
  type PastWeekdayHours,
  type Promotion,
  type SpecialHours,
  type TherapistRecord,
  type TherapistService,
  type Weekday,
  WEEKDAYS,
} from './snapshot';
import { PACKAGE_TYPE, type LocationId } from './tables';

type SvcField = 'svcSku' | 'svcGuid' | 'svcType' | 'svcName' | 'svcDuration' | 'svcMoniker' | 'svcPrice';
/** An offer as stored: its own fields, without those of the service it is attached to. */
export type OfferData = Omit<PackageOffer, SvcField>;

export interface ServiceRow {
  id: string;
  sku: string;
  moniker: string;
  name: string;
  svcType: number;
  areaId: number;
  gender: number;
  duration: number;
  price: number;
  data: Omit<ServiceItem, 'spkg'>;
  bookableAt: number[];
  photoId: string | null;
  position: number;
  retiredAt: Date | null;
  /** The deposit online booking asks for (drizzle/0220); null for none. */
  deposit: DepositRuleData | null;
  /** The database's rows have it; a snapshot's (the seed's) do not. */
  updatedAt?: Date;
}

export interface OfferRow {
  id: string;
  kind: 'package' | 'bundle';
  sku: string;
  moniker: string;
  price: number;
  serviceIds: string[];
  data: OfferData;
  photoId: string | null;
  position: number;
  retiredAt: Date | null;
  /** The database's rows have it; a snapshot's (the seed's) do not. */
  updatedAt?: Date;
}

export interface HoursRow {
  location: number;
  weekday: number;
  openMinute: number;
  closeMinute: number;
  closed: boolean;
}

/** An opening_hours_history row. */
export interface PastHoursRow extends HoursRow {
  validFrom: string | null;
  validUntil: string;
}

export interface CatalogRows {
  services: ServiceRow[];
  offers: OfferRow[];
  therapists: { id: number; name: string; bio: string; photoId: string | null; retiredAt: Date | null }[];
  therapistServices: TherapistService[];
  hours: HoursRow[];
  pastHours: PastHoursRow[];
  specialHours: { location: number; date: string; openMinute: number; closeMinute: number; note: string }[];
  settings: { location: number; minNoticeMinutes: number }[];
  promotions: Promotion[];
  news: NewsCard[];
  heroPhotoId: string | null;
  serviceTypes: readonly ServiceTypeRecord[];
  version: number;
}

function serviceFields(item: Pick<ServiceItem, 'value' | 'id' | 'svcType' | 'name' | 'duration' | 'moniker' | 'price'>): Pick<PackageOffer, SvcField> {
  return { svcSku: item.value, svcGuid: item.id, svcType: item.svcType, svcName: item.name, svcDuration: item.duration, svcMoniker: item.moniker, svcPrice: item.price };
}

function offerData(offer: PackageOffer): OfferData {
  const { svcSku: _a, svcGuid: _b, svcType: _c, svcName: _d, svcDuration: _e, svcMoniker: _f, svcPrice: _g, ...rest } = offer;
  return rest;
}

/** The rows of a snapshot (the seed's, for an empty database). */
export function rowsOfSnapshot(snapshot: CatalogSnapshot): Omit<CatalogRows, 'serviceTypes' | 'version'> {
  const services: ServiceRow[] = snapshot.services.map((item, position) => {
    const { spkg: _offers, ...data } = item;
    return {
      id: item.id,
      sku: item.value,
      moniker: item.moniker,
      name: item.name,
      svcType: item.svcType,
      areaId: item.areaId,
      gender: item.gen,
      duration: item.duration,
      price: item.price,
      data,
      bookableAt: [...(snapshot.bookableAt.get(item.id) ?? [])],
      photoId: snapshot.photos.get(item.id) ?? null,
      position,
      retiredAt: snapshot.retiredServiceIds.has(item.id) ? new Date(0) : null,
      deposit: snapshot.deposits.get(item.id) ?? null,
    };
  });
  // Packages first, in the order of their services; then bundles: each service's spkg keeps that order.
  const offers = new Map<string, OfferRow>();
  const all = snapshot.services.flatMap((item) => item.spkg);
  const ordered = [...all.filter((offer) => offer.pvType === PACKAGE_TYPE.MULTI_SESSION), ...snapshot.bundles];
  for (const offer of ordered) {
    const existing = offers.get(offer.pvId);
    if (existing) {
      if (!existing.serviceIds.includes(offer.svcGuid)) existing.serviceIds.push(offer.svcGuid);
      continue;
    }
    offers.set(offer.pvId, {
      id: offer.pvId,
      kind: offer.pvType === PACKAGE_TYPE.BUNDLE ? 'bundle' : 'package',
      sku: offer.pvSku,
      moniker: offer.moniker,
      price: offer.pvPrice,
      serviceIds: [offer.svcGuid],
      data: offerData(offer),
      photoId: snapshot.photos.get(offer.pvId) ?? null,
      position: offers.size,
      retiredAt: null,
    });
  }
  const hours: HoursRow[] = Object.entries(snapshot.hours).flatMap(([location, week]) =>
    WEEKDAYS.map((weekday) => {
      const day = week[weekday];
      return { location: Number(location), weekday, openMinute: day?.open ?? 0, closeMinute: day?.close ?? 1, closed: day === null };
    }),
  );
  return {
    services,
    offers: [...offers.values()],
    therapists: snapshot.therapists.map((t) => ({ id: t.id, name: t.name, bio: t.bio, photoId: t.photoId, retiredAt: t.retired ? new Date(0) : null })),
    therapistServices: [...snapshot.therapistServices],
    hours,
    pastHours: snapshot.pastHours.map((p) => ({
      location: p.location,
      weekday: p.weekday,
      openMinute: p.hours?.open ?? 0,
      closeMinute: p.hours?.close ?? 1,
      closed: p.hours === null,
      validFrom: p.from,
      validUntil: p.until,
    })),
    specialHours: snapshot.specialHours.map((s) => ({ location: s.location, date: s.date, openMinute: s.open, closeMinute: s.close, note: s.note })),
    settings: Object.entries(snapshot.minNoticeMinutes).map(([location, minutes]) => ({ location: Number(location), minNoticeMinutes: minutes })),
    promotions: [...snapshot.promotions],
    news: [...snapshot.news],
    heroPhotoId: snapshot.photos.get('hero') ?? null,
  };
}

/** The snapshot the rows describe: services in position order with their live offers attached as spkg. */
export function snapshotOfRows(rows: CatalogRows): CatalogSnapshot {
  const services = [...rows.services].sort((a, b) => a.position - b.position);
  const offers = [...rows.offers].filter((offer) => offer.retiredAt === null).sort((a, b) => a.position - b.position);
  const items: ServiceItem[] = services.map((row) => ({ ...row.data, spkg: [] }));
  const byId = new Map(items.map((item) => [item.id, item]));
  const bundles: PackageOffer[] = [];
  for (const offer of offers) {
    for (const serviceId of offer.serviceIds) {
      const item = byId.get(serviceId);
      if (!item) continue;
      const attached: PackageOffer = { ...offer.data, ...serviceFields(item) };
      item.spkg.push(attached);
      if (offer.kind === 'bundle') bundles.push(attached);
    }
  }
  const photos = new Map<string, string>();
  for (const row of services) if (row.photoId) photos.set(row.id, row.photoId);
  for (const row of rows.offers) if (row.photoId) photos.set(row.id, row.photoId);
  if (rows.heroPhotoId) photos.set('hero', rows.heroPhotoId);
  const hours = {} as Record<LocationId, Record<Weekday, DayHours | null>>;
  for (const row of rows.hours) {
    const week = (hours[row.location as LocationId] ??= {} as Record<Weekday, DayHours | null>);
    week[row.weekday as Weekday] = row.closed ? null : { open: row.openMinute, close: row.closeMinute };
  }
  const therapists: TherapistRecord[] = [...rows.therapists]
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ id: t.id, name: t.name, bio: t.bio, photoId: t.photoId, retired: t.retiredAt !== null }));
  const pastHours: PastWeekdayHours[] = rows.pastHours.map((row) => ({
    location: row.location as LocationId,
    weekday: row.weekday as Weekday,
    from: row.validFrom,
    until: row.validUntil,
    hours: row.closed ? null : { open: row.openMinute, close: row.closeMinute },
  }));
  const specialHours: SpecialHours[] = rows.specialHours.map((s) => ({ location: s.location as LocationId, date: s.date, open: s.openMinute, close: s.closeMinute, note: s.note }));
  return {
    version: rows.version,
    services: items,
    retiredServiceIds: new Set(services.filter((row) => row.retiredAt !== null).map((row) => row.id)),
    bookableAt: new Map(services.map((row) => [row.id, [...row.bookableAt].sort((a, b) => a - b) as LocationId[]])),
    deposits: new Map(services.flatMap((row) => (row.deposit ? [[row.id, row.deposit] as const] : []))),
    bundles,
    serviceTypes: rows.serviceTypes,
    therapists,
    therapistServices: rows.therapistServices,
    hours,
    specialHours,
    pastHours,
    minNoticeMinutes: Object.fromEntries(rows.settings.map((s) => [s.location, s.minNoticeMinutes])) as CatalogSnapshot['minNoticeMinutes'],
    promotions: rows.promotions,
    news: rows.news,
    photos,
  };
}
