import type { StoreApi } from 'zustand/vanilla';
import { CARD_MAX_PACKAGES, CARD_MAX_SERVICES } from '@/lib/persistence/model';
import { liveOfferedTypes } from '@/lib/catalog/live-feed';
import { LOCATION_OFFERINGS, LOCATIONS, normaliseLocation, type LocationId } from '@/lib/catalog/location-table';
import {
  areaDay,
  cardServiceCount,
  emptyBookingCard,
  findService,
  genderOf,
  sameId,
  type BookingArea,
  type BookingCard,
  type BookingService,
  type LocalTime,
  type MergeMode,
} from '@/lib/booking/card';
import type { DateInLocationTz } from '@/lib/booking/calendar';
import type { AddResult, CardStore, PackageRef, ServiceRef } from './card-store';

/**
 * The booking card's edits. Not first-load code: the modules that edit the card (the add rules in
 * booking-location.ts, the drawers, the booking page) import this, so it arrives with them.
 */
export interface CardEdits {
  addService: (service: ServiceRef, options?: { location?: number; pkg?: PackageRef }) => AddResult;
  removeService: (id: string) => void;
  changeGender: (gender: 0 | 1) => void;
  reconcileLocation: (location: number, add?: ServiceRef) => void;
  /** The customer chose this location for booking: moves the card and returns what did not fit. */
  moveToLocation: (location: number, offers?: Offers) => LocationMove;
  /** A customer's card from the server joins this one (MergeMode: the specification's mergeType, named). */
  loadCustomerCard: (loaded: BookingCard, mode: MergeMode) => void;
  setPackageUsed: (pkgId: string, used: boolean) => void;
}

/**
 * A location offers a service type online (location 0 reads as 1): as the site publishes it once the drawers or the
 * booking bar have fetched its changes (lib/catalog/live-feed.ts), else the seed's table. Tables only, so no catalogue
 * data in the bundle.
 */
export function offersType(location: number, svcTypeId: number): boolean {
  const live = liveOfferedTypes(normaliseLocation(location));
  if (live) return live.includes(svcTypeId);
  const offering = LOCATION_OFFERINGS[normaliseLocation(location)];
  return offering === 'all' || (offering as readonly number[]).includes(svcTypeId);
}

/**
 * Whether a location takes a service: online, by its type (offersType); the desk (back-office mode) passes its own,
 * from the team (the services some therapist does there, Williamsburg's too).
 */
export type Offers = (location: number, service: { id: string; svcTypeId: number }) => boolean;
export const offeredOnline: Offers = (location, service) => offersType(location, service.svcTypeId);

/** Whether a location books any service online (offersType's tables): Williamsburg books none. */
export function offersAnythingOnline(location: number): boolean {
  const live = liveOfferedTypes(normaliseLocation(location));
  if (live) return live.length > 0;
  const offering = LOCATION_OFFERINGS[normaliseLocation(location)];
  return offering === 'all' || offering.length > 0;
}

/**
 * The locations a card can be booked at: those that take some service of it, so a move there keeps at least one
 * (moveCardToLocation, with the same `offers`); for an empty card, those that take anything (`takesAny`).
 */
export function locationsTaking(card: BookingCard, offers: Offers = offeredOnline, takesAny: (location: number) => boolean = offersAnythingOnline): LocationId[] {
  const services = card.areas.flatMap((area) => area.services);
  return LOCATIONS.map((location) => location.id).filter((location) =>
    services.length === 0 ? takesAny(location) : services.some((service) => offers(location, { id: service.id, svcTypeId: service.serviceType })),
  );
}

function serviceFor(service: ServiceRef, pkg?: PackageRef): BookingService {
  return {
    id: service.id,
    serviceType: service.svcTypeId,
    sku: service.svcId ?? '',
    minutes: service.duration ?? 0,
    package: pkg ? { packageId: pkg.pkgId, packageType: pkg.packageType, sessionsFulfilled: pkg.qtyFulfilled ?? 0, sessionsCombined: pkg.qtyCombined } : null,
    ordered: false,
  };
}

/** Removes services for which keep() is false, then empty areas. */
function pruneAreas(areas: readonly BookingArea[], keep: (service: BookingService) => boolean): BookingArea[] {
  return areas.map((area) => ({ ...area, services: area.services.filter(keep) })).filter((area) => area.services.length > 0);
}

/**
 * An area's services with one more: after the last of its service type, so an area's services stay grouped by type in
 * the order each type came (as the specification groups them, and the API and the cookie carry them).
 */
function withService(services: readonly BookingService[], service: BookingService): BookingService[] {
  const last = services.reduce((at, s, i) => (s.serviceType === service.serviceType ? i : at), -1);
  return last < 0 ? [...services, service] : [...services.slice(0, last + 1), service, ...services.slice(last + 1)];
}

/** One card books one gender: whether a service of `gen` would switch the card's gender, which empties it. */
export function emptiedByGender(card: BookingCard, gen: 0 | 1): boolean {
  return card.gender !== genderOf(gen) && cardServiceCount(card) > 0;
}

/** Pure: the card after adding a service, and what happened. */
export function addToCard(card: BookingCard, service: ServiceRef, options: { location?: number; pkg?: PackageRef } = {}): { card: BookingCard; result: AddResult } {
  const existing = findService(card, service.id);
  if (existing && !options.pkg) return { card, result: 'duplicate' };
  // The customer is asked before this happens (stores/booking-location.ts, askGenderSwitch).
  const base = emptiedByGender(card, service.gen) ? genderChanged(card, service.gen) : card;
  const without = existing ? pruneAreas(base.areas, (s) => !sameId(s.id, service.id)) : base.areas;
  if (!existing && cardServiceCount(base) >= CARD_MAX_SERVICES) return { card, result: 'full' };
  const added = serviceFor(service, options.pkg);
  const present = without.some((area) => area.area === service.areaId);
  const areas = present ? without : [...without, { area: service.areaId, therapist: 0, when: { kind: 'none' } as const, note: '', services: [] }];
  return {
    card: {
      ...base,
      gender: genderOf(service.gen),
      location: options.location !== undefined ? normaliseLocation(options.location) : base.location,
      areas: areas.map((area) => (area.area === service.areaId ? { ...area, when: { kind: 'none' }, services: withService(area.services, added) } : area)),
    },
    result: existing ? 'replaced' : 'added',
  };
}

function genderChanged(card: BookingCard, gen: 0 | 1): BookingCard {
  return emptyBookingCard({ location: card.location, gender: genderOf(gen) });
}

/** A booking card moved to another location, and the services that location does not book online (taken out). */
export interface LocationMove {
  card: BookingCard;
  removed: BookingService[];
}

/**
 * The one rule for the customer choosing a location for booking (never for merely browsing one): only services the
 * location offers stay, and therapists and dates belong to a location, so kept areas start over when it changes.
 * Pure: the caller keeps the previous card for an undo.
 */
export function moveCardToLocation(card: BookingCard, location: number, offers: Offers = offeredOnline): LocationMove {
  const to = normaliseLocation(location);
  const moved = card.location !== to;
  const takes = (service: BookingService) => offers(location, { id: service.id, svcTypeId: service.serviceType });
  const removed = card.areas.flatMap((area) => area.services.filter((service) => !takes(service)));
  const kept = pruneAreas(card.areas, takes).map((area): BookingArea => (moved ? { ...area, therapist: 0, when: { kind: 'none' } } : area));
  return { card: { ...card, location: to, areas: kept }, removed };
}

/** Pure: the specification's reconcile, moveCardToLocation plus an optional service the location offers. */
export function reconcileCard(card: BookingCard, location: number, add?: ServiceRef): BookingCard {
  const next = moveCardToLocation(card, location).card;
  if (!add || !offersType(location, add.svcTypeId)) return next;
  return addToCard(next, add, { location }).card;
}

const STRICT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

/**
 * Specification section 5's date rule ('YYYY-MM-DD HH:mm' or 'YYYY-MM-DD' to 'YYYY-MM-DD', impossible dates refused),
 * as lib/validation.ts has it; repeated here because that module pulls the full zod into every page's bundle.
 */
export function cardDate(value: string): string | undefined {
  const match = STRICT_DATE.exec(value);
  if (!match) return undefined;
  const [, y, m, d, hh, mm] = match;
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(Number(y), month, 0)).getUTCDate()) return undefined;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59)) return undefined;
  return `${y}-${m}-${d}`;
}

/** Each package once (a bundle is listed once per service by some callers): used only when every entry is. */
export function uniquePackages(list: readonly BookingCard['packages'][number][]): BookingCard['packages'] {
  const byId = new Map<string, BookingCard['packages'][number]>();
  for (const pkg of list) {
    const id = pkg.packageId.replace(/[{}]/g, '').toLowerCase();
    const seen = byId.get(id);
    byId.set(id, seen ? { ...seen, used: seen.used && pkg.used } : pkg);
  }
  return [...byId.values()];
}

function mapArea(card: BookingCard, areaId: number, change: (area: BookingArea) => BookingArea): BookingCard {
  return { ...card, areas: card.areas.map((area) => (area.area === areaId ? change(area) : area)) };
}

/**
 * Pure: the card with a new therapist for an area, whose day starts afresh (a day belongs to a therapist's roster).
 * With withDate, the booking page's reducer (components/booking/booking-page.ts) is the one door for both.
 */
export function withTherapist(card: BookingCard, areaId: number, therapistId: number): BookingCard {
  return mapArea(card, areaId, (area) => ({ ...area, therapist: therapistId, when: { kind: 'none' } }));
}

/** Pure: the card with a day for an area ('' for none); a date that is not one leaves the card as it is. */
export function withDate(card: BookingCard, areaId: number, date: string): BookingCard {
  const normalised = date === '' ? '' : cardDate(date);
  if (normalised === undefined) return card;
  return mapArea(card, areaId, (area) => ({ ...area, when: normalised ? { kind: 'day', date: normalised as DateInLocationTz } : { kind: 'none' } }));
}

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Pure: the card with a time ('HH:mm', New York) chosen on an area's day, or none (undefined). The time belongs to the
 * card while the area keeps its therapist and day: withTherapist and a new day take it away. An area without a day,
 * or a time that is not one, leaves the card as it is. The cookie keeps the day only (lib/persistence/card.ts).
 */
export function withTime(card: BookingCard, areaId: number, time: string | undefined): BookingCard {
  const area = card.areas.find((a) => a.area === areaId);
  const day = area ? areaDay(area) : '';
  if (!area || !day || (time !== undefined && !LOCAL_TIME.test(time))) return card;
  const current = area.when.kind === 'time' ? area.when.time : undefined;
  if (current === time) return card;
  const date = day as DateInLocationTz;
  return mapArea(card, areaId, (a) => ({ ...a, when: time === undefined ? { kind: 'day', date } : { kind: 'time', date, time: time as LocalTime } }));
}

/** The edits of one card store (cheap: a few closures over the store). */
export function editCard(store: StoreApi<CardStore>): CardEdits {
  const get = store.getState;
  const set = (card: BookingCard) => store.setState({ card });
  return {
    addService: (service, options) => {
      const { card, result } = addToCard(get().card, service, options);
      if (card !== get().card) set(card);
      return result;
    },
    removeService: (id) => {
      const card = get().card;
      if (!findService(card, id)) return;
      set({ ...card, areas: pruneAreas(card.areas, (service) => !sameId(service.id, id)) });
    },
    changeGender: (gender) => {
      const card = get().card;
      if (card.gender === genderOf(gender) && cardServiceCount(card) === 0 && card.packages.length === 0) return;
      set(genderChanged(card, gender));
    },
    reconcileLocation: (location, add) => set(reconcileCard(get().card, location, add)),
    moveToLocation: (location, offers) => {
      const move = moveCardToLocation(get().card, location, offers);
      set(move.card);
      return move;
    },
    loadCustomerCard: (loaded, mode) => {
      const card = get().card;
      if (mode === 'replace') return set(loaded);
      const customerId = mode === 'customer' ? loaded.customerId : card.customerId;
      set({ ...card, gender: loaded.gender, customerId, packageAreas: loaded.packageAreas, packages: uniquePackages(loaded.packages).slice(0, CARD_MAX_PACKAGES) });
    },
    setPackageUsed: (pkgId, used) => {
      const card = get().card;
      set({ ...card, packages: card.packages.map((pkg) => (sameId(pkg.packageId, pkgId) ? { ...pkg, used } : pkg)) });
    },
  };
}
