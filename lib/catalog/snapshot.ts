/**
 * The catalogue as every page and booking rule reads it: one immutable snapshot, the seed (lib/catalog/data) until the
 * database's copy is loaded (lib/catalog/snapshot-load.ts) and again after each published change. The accessors in
 * catalog.ts, the hours and the team read `catalogSnapshot()`, so a reader finds one door and a change shows
 * everywhere at once. On the client the snapshot is the seed with the published changes laid over it.
 */
import type { DepositRuleData } from '@/lib/db/schema/deposits';
import { setSharedSlot, sharedSlot } from '@/lib/server/shared-slots.mjs';
import { BUNDLES, ROSTER, SEED_BANNERS, SEED_DEPOSITS, SEED_NEWS, SERVICE_ITEMS, SERVICE_TYPES, THERAPISTS, type ServiceTypeRecord } from './data';
import type { PackageOffer, ServiceItem } from './schema';
import { ANY_THERAPIST_ID, LOCATION_OFFERINGS, LOCATIONS, OPENING_HOURS, type AreaId, type LocationId } from './tables';

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const WEEKDAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** Local minutes after midnight; null: closed that day. */
export interface DayHours {
  open: number;
  close: number;
}

export interface TherapistRecord {
  id: number;
  name: string;
  bio: string;
  photoId: string | null;
  retired: boolean;
}

/** A therapist does a service at a location. */
export interface TherapistService {
  therapistId: number;
  location: LocationId;
  serviceId: string;
}

export interface SpecialHours extends DayHours {
  location: LocationId;
  /** YYYY-MM-DD, New York. */
  date: string;
  note: string;
}

/** A weekday's hours at a location as they were for the New York dates from `from` (null: since always) to the day before `until`. */
export interface PastWeekdayHours {
  location: LocationId;
  weekday: Weekday;
  from: string | null;
  until: string;
  /** Null: closed that weekday then. */
  hours: DayHours | null;
}

export interface Promotion {
  text: string;
  link: string;
  /** YYYY-MM-DD, New York, inclusive. */
  startsOn: string;
  endsOn: string;
}

export interface NewsCard {
  id: number;
  title: string;
  body: string;
  link: string;
  photoId: string | null;
}

export interface CatalogSnapshot {
  /** The largest catalog_changes id it includes; 0 for the seed. */
  version: number;
  /** Every service, retired ones too (past visits name them), in menu order; offers attached as `spkg`. */
  services: readonly ServiceItem[];
  /** Ids of retired services: out of menus, search, sitemap and booking. */
  retiredServiceIds: ReadonlySet<string>;
  /** Locations where each service can be booked online. */
  bookableAt: ReadonlyMap<string, readonly LocationId[]>;
  /** The deposit online booking asks for, by service id (lib/deposits/rule.ts); a service not in it asks for none. */
  deposits: ReadonlyMap<string, DepositRuleData>;
  /** One offer per service a bundle holds (as `spkg` lists them). */
  bundles: readonly PackageOffer[];
  serviceTypes: readonly ServiceTypeRecord[];
  therapists: readonly TherapistRecord[];
  therapistServices: readonly TherapistService[];
  hours: Readonly<Record<LocationId, Readonly<Record<Weekday, DayHours | null>>>>;
  specialHours: readonly SpecialHours[];
  /** The weekly hours that applied once, before a change (opening_hours_history): what past dates read. */
  pastHours: readonly PastWeekdayHours[];
  minNoticeMinutes: Readonly<Record<LocationId, number>>;
  /** Every banner the owner set, past and future: which shows is decided by the date (lib/marketing). */
  promotions: readonly Promotion[];
  news: readonly NewsCard[];
  /** Photo ids (lib/photos) by service id, offer id (pvId) and 'hero'. */
  photos: ReadonlyMap<string, string>;
}

const LOCATION_IDS = LOCATIONS.map((location) => location.id) as LocationId[];

/** Where the seed lets a service be booked online: the locations whose offerings include its type. */
export function seedBookableAt(svcType: number): LocationId[] {
  return LOCATION_IDS.filter((id) => {
    const offering = LOCATION_OFFERINGS[id];
    return offering === 'all' || (offering as readonly number[]).includes(svcType);
  });
}

/** The seed's therapist services: a therapist does every service of the areas the seed roster gives them there. */
export function seedTherapistServices(): TherapistService[] {
  const rows = new Map<string, TherapistService>();
  for (const entry of ROSTER) {
    for (const item of SERVICE_ITEMS) {
      if (!entry.areaIds.includes(item.areaId as AreaId)) continue;
      rows.set(`${entry.therapistId}/${entry.location}/${item.id}`, { therapistId: entry.therapistId, location: entry.location, serviceId: item.id });
    }
  }
  return [...rows.values()];
}

export function seedHours(): Record<Weekday, DayHours> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { open: OPENING_HOURS[day].start * 60, close: (OPENING_HOURS[day].start + OPENING_HOURS[day].hours) * 60 }])) as Record<
    Weekday,
    DayHours
  >;
}

/** The default minimum notice for online bookings (DESIGN.md: 2 hours). */
export const DEFAULT_MIN_NOTICE_MINUTES = 120;

function buildSeedSnapshot(): CatalogSnapshot {
  const hours = seedHours();
  return {
    version: 0,
    services: SERVICE_ITEMS,
    retiredServiceIds: new Set(),
    bookableAt: new Map(SERVICE_ITEMS.map((item) => [item.id, seedBookableAt(item.svcType)])),
    deposits: new Map(SERVICE_ITEMS.flatMap((item) => (SEED_DEPOSITS[item.value] ? [[item.id, SEED_DEPOSITS[item.value]!] as const] : []))),
    bundles: BUNDLES,
    serviceTypes: SERVICE_TYPES,
    therapists: THERAPISTS.filter((therapist) => therapist.id !== ANY_THERAPIST_ID).map(({ id, name }) => ({ id, name, bio: '', photoId: null, retired: false })),
    therapistServices: seedTherapistServices(),
    hours: Object.fromEntries(LOCATION_IDS.map((id) => [id, hours])) as CatalogSnapshot['hours'],
    specialHours: [],
    pastHours: [],
    minNoticeMinutes: Object.fromEntries(LOCATION_IDS.map((id) => [id, DEFAULT_MIN_NOTICE_MINUTES])) as CatalogSnapshot['minNoticeMinutes'],
    promotions: SEED_BANNERS.map((banner) => ({ ...banner })),
    // The ids an empty database gives the seed's cards, inserted in this order (lib/db/seed.ts).
    news: SEED_NEWS.flatMap(({ title, body, link, published }, index) => (published ? [{ id: index + 1, title, body, link, photoId: null }] : [])),
    photos: new Map(),
  };
}

let seed: CatalogSnapshot | undefined;
/** The snapshot of the typed data: what `npm run build` renders, and the client's base. */
export function seedSnapshot(): CatalogSnapshot {
  seed ??= buildSeedSnapshot();
  return seed;
}

/** The catalogue now. In a shared slot so that every route bundle of the process reads the same one. */
export function catalogSnapshot(): CatalogSnapshot {
  return sharedSlot('catalogSnapshot') ?? seedSnapshot();
}

/** Replaces the snapshot (after loading the database's copy); an older version never replaces a newer one. */
export function setCatalogSnapshot(next: CatalogSnapshot): void {
  const current = sharedSlot('catalogSnapshot');
  if (current && current.version > next.version) return;
  setSharedSlot('catalogSnapshot', next);
}

/** Back to the seed (tests). */
export function resetCatalogSnapshot(): void {
  setSharedSlot('catalogSnapshot', undefined);
}

