import type { StoreApi } from 'zustand/vanilla';
import {
  CARD_MAX_PACKAGES,
  CARD_MAX_SERVICES,
  areaDayOf,
  cardServiceCount,
  emptyCard,
  type AppointmentCard,
  type CardArea,
  type PackageAvailability,
  type ServiceLine,
} from '@/lib/persistence/model';
import { liveOfferedTypes } from '@/lib/catalog/live-feed';
import { LOCATION_OFFERINGS, normaliseLocation } from '@/lib/catalog/location-table';
import type { MergeMode } from '@/lib/booking/card';
import { findLine, sameId, type AddResult, type CardStore, type PackageRef, type ServiceRef } from './card-store';

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
  loadCustomerCard: (loaded: AppointmentCard, mode: MergeMode) => void;
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

function lineFor(service: ServiceRef, pkg?: PackageRef): ServiceLine {
  return {
    pkgId: pkg?.pkgId ?? null,
    packageType: pkg?.packageType ?? 0,
    qtyFulfilled: pkg?.qtyFulfilled ?? 0,
    qtyCombined: pkg?.qtyCombined ?? 0,
    svcId: service.svcId ?? '',
    duration: service.duration ?? 0,
    isPackage: pkg !== undefined,
    isOrdered: false,
    serviceTypeId: service.svcTypeId,
    gen: service.gen,
    id: service.id,
    areaId: service.areaId,
  };
}

/** Removes lines for which keep() is false, then empty types and empty areas. */
function pruneAreas(areas: readonly CardArea[], keep: (line: ServiceLine) => boolean): CardArea[] {
  return areas
    .map((area) => ({
      ...area,
      svcTypes: area.svcTypes
        .map((type) => ({ ...type, svcArray: type.svcArray.filter(keep) }))
        .filter((type) => type.svcArray.length > 0),
    }))
    .filter((area) => area.svcTypes.length > 0);
}

/** One card books one gender: whether a service of `gen` would switch the card's gender, which empties it. */
export function emptiedByGender(card: AppointmentCard, gen: 0 | 1): boolean {
  return card.header.gender !== String(gen) && cardServiceCount(card) > 0;
}

/** Pure: the card after adding a service, and what happened. */
export function addToCard(card: AppointmentCard, service: ServiceRef, options: { location?: number; pkg?: PackageRef } = {}): { card: AppointmentCard; result: AddResult } {
  const existing = findLine(card, service.id);
  if (existing && !options.pkg) return { card, result: 'duplicate' };
  // The customer is asked before this happens (stores/booking-location.ts, askGenderSwitch).
  const base = emptiedByGender(card, service.gen) ? genderChanged(card, service.gen) : card;
  const without = existing ? pruneAreas(base.svcAreas, (line) => !sameId(line.id, service.id)) : base.svcAreas;
  if (!existing && cardServiceCount(base) >= CARD_MAX_SERVICES) return { card, result: 'full' };
  const line = lineFor(service, options.pkg);
  const areas = without.map((area) => ({ ...area, svcTypes: [...area.svcTypes] }));
  let area = areas.find((a) => a.areaId === service.areaId);
  if (!area) {
    area = { areaId: service.areaId, svcTherapist: 0, svcDate: '', svcNote: '', svcTypes: [] };
    areas.push(area);
  }
  area.svcDate = '';
  const typeIndex = area.svcTypes.findIndex((t) => t.svcTypeId === service.svcTypeId);
  if (typeIndex < 0) area.svcTypes.push({ svcTypeId: service.svcTypeId, svcArray: [line] });
  else area.svcTypes[typeIndex] = { ...area.svcTypes[typeIndex]!, svcArray: [...area.svcTypes[typeIndex]!.svcArray, line] };
  const header = {
    ...base.header,
    gender: String(service.gen),
    location: options.location !== undefined ? String(options.location) : base.header.location,
  };
  return { card: { ...base, header, svcAreas: areas }, result: existing ? 'replaced' : 'added' };
}

function genderChanged(card: AppointmentCard, gender: 0 | 1): AppointmentCard {
  return emptyCard({ location: card.header.location, gender: String(gender) });
}

/** A booking card moved to another location, and the lines that location does not book online (taken out). */
export interface LocationMove {
  card: AppointmentCard;
  removed: ServiceLine[];
}

/**
 * The one rule for the customer choosing a location for booking (never for merely browsing one): only services the
 * location offers stay, and therapists and dates belong to a location, so kept areas start over when it changes.
 * Pure: the caller keeps the previous card for an undo.
 */
export function moveCardToLocation(card: AppointmentCard, location: number, offers: Offers = offeredOnline): LocationMove {
  const moved = card.header.location !== String(location);
  const takes = (line: ServiceLine) => offers(location, { id: line.id, svcTypeId: line.serviceTypeId });
  const removed: ServiceLine[] = [];
  for (const area of card.svcAreas) for (const type of area.svcTypes) for (const line of type.svcArray) if (!takes(line)) removed.push(line);
  const kept = pruneAreas(card.svcAreas, takes).map((area) =>
    moved ? { ...area, svcTherapist: 0, svcDate: '' } : area,
  );
  return { card: { ...card, header: { ...card.header, location: String(location) }, svcAreas: kept }, removed };
}

/** Pure: the specification's reconcile, moveCardToLocation plus an optional service the location offers. */
export function reconcileCard(card: AppointmentCard, location: number, add?: ServiceRef): AppointmentCard {
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
export function uniquePackages(list: readonly PackageAvailability[]): PackageAvailability[] {
  const byId = new Map<string, PackageAvailability>();
  for (const pkg of list) {
    const id = pkg.pkgId.replace(/[{}]/g, '').toLowerCase();
    const seen = byId.get(id);
    byId.set(id, seen ? { ...seen, isPkgUsed: seen.isPkgUsed && pkg.isPkgUsed } : pkg);
  }
  return [...byId.values()];
}

function mapArea(card: AppointmentCard, areaId: number, change: (area: CardArea) => CardArea): AppointmentCard {
  return { ...card, svcAreas: card.svcAreas.map((area) => (area.areaId === areaId ? change(area) : area)) };
}

/**
 * Pure: the card with a new therapist for an area, whose day starts afresh (a day belongs to a therapist's roster).
 * With withDate, the booking page's reducer (components/booking/booking-page.ts) is the one door for both.
 */
export function withTherapist(card: AppointmentCard, areaId: number, therapistId: number): AppointmentCard {
  return mapArea(card, areaId, (area) => ({ ...area, svcTherapist: therapistId, svcDate: '' }));
}

/** Pure: the card with a day for an area ('' for none); a date that is not one leaves the card as it is. */
export function withDate(card: AppointmentCard, areaId: number, date: string): AppointmentCard {
  const normalised = date === '' ? '' : cardDate(date);
  return normalised === undefined ? card : mapArea(card, areaId, (area) => ({ ...area, svcDate: normalised }));
}

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Pure: the card with a time ('HH:mm', New York) chosen on an area's day, or none (undefined). The time belongs to the
 * card while the area keeps its therapist and day: withTherapist and a new day take it away. An area without a day,
 * or a time that is not one, leaves the card as it is. The cookie keeps the day only (lib/persistence/card.ts).
 */
export function withTime(card: AppointmentCard, areaId: number, time: string | undefined): AppointmentCard {
  const area = card.svcAreas.find((a) => a.areaId === areaId);
  const day = area ? areaDayOf(area.svcDate) : '';
  if (!day || (time !== undefined && !LOCAL_TIME.test(time))) return card;
  const svcDate = time === undefined ? day : `${day} ${time}`;
  return svcDate === area!.svcDate ? card : mapArea(card, areaId, (a) => ({ ...a, svcDate }));
}

/** The edits of one card store (cheap: a few closures over the store). */
export function editCard(store: StoreApi<CardStore>): CardEdits {
  const get = store.getState;
  const set = (card: AppointmentCard) => store.setState({ card });
  return {
    addService: (service, options) => {
      const { card, result } = addToCard(get().card, service, options);
      if (card !== get().card) set(card);
      return result;
    },
    removeService: (id) => {
      const card = get().card;
      if (!findLine(card, id)) return;
      set({ ...card, svcAreas: pruneAreas(card.svcAreas, (line) => !sameId(line.id, id)) });
    },
    changeGender: (gender) => {
      const card = get().card;
      if (card.header.gender === String(gender) && cardServiceCount(card) === 0 && card.pkgAvailable.length === 0) return;
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
      const header = {
        ...card.header,
        gender: loaded.header.gender,
        customerId: mode === 'customer' ? loaded.header.customerId : card.header.customerId,
      };
      set({ ...card, header, pkgAreas: loaded.pkgAreas, pkgAvailable: uniquePackages(loaded.pkgAvailable).slice(0, CARD_MAX_PACKAGES) });
    },
    setPackageUsed: (pkgId, used) => {
      const card = get().card;
      set({ ...card, pkgAvailable: card.pkgAvailable.map((pkg) => (sameId(pkg.pkgId, pkgId) ? { ...pkg, isPkgUsed: used } : pkg)) });
    },
  };
}
