import type { DateInLocationTz, SlotStartIso } from './calendar';
import type { AppointmentCard as WireCard, CardArea as WireArea, ServiceLine as WireLine } from '@/lib/persistence/model';
import { normaliseLocation, type LocationId } from '@/lib/catalog/location-table';

/*
 * The booking card as the code means it, with named fields and named modes. The specification's shape (pvId, svcAreas,
 * svcDate, gen, svcArray; '0' for an unset location, '2' for a cancelled card) is the wire format: it is met only where
 * the card crosses a boundary (the API contract in card-schema.ts, the card cookie in lib/persistence/card.ts, the
 * upstream salon API in proxy mode), through cardFromWire and cardToWire. Types and plain functions only: no zod and
 * no dayjs, so the booking page's first script may use it.
 */

export type Gender = 'women' | 'men';
export type CardStatus = 'booked' | 'cancelled';
/** 'HH:mm' on the area's date, in New York time. */
export type LocalTime = string & { readonly __brand: 'LocalTime' };

/**
 * How a customer's card loaded from the server joins the one in the browser (the specification's mergeType 1, 2, 3):
 * `packages` takes only their gender and packages, `customer` also their id, `replace` takes their card whole.
 */
export type MergeMode = 'packages' | 'customer' | 'replace';
export const MERGE_TYPE_OF: Record<MergeMode, 1 | 2 | 3> = { packages: 1, customer: 2, replace: 3 };

/** A session of a purchased package that a service line is booked from. */
export interface PackageSession {
  packageId: string;
  packageType: number;
  sessionsFulfilled: number;
  sessionsCombined: number;
}

/** One service of an area. `sku` is '' until the catalogue is read; minutes are the server's to recompute. */
export interface BookingService {
  id: string;
  serviceType: number;
  sku: string;
  minutes: number;
  package: PackageSession | null;
  ordered: boolean;
}

/**
 * When an area is booked: nothing chosen, a day, a time on a day (New York wall clock), or a UTC instant (what the
 * slot answers and the stored bookings give).
 */
export type AreaWhen =
  | { kind: 'none' }
  | { kind: 'day'; date: DateInLocationTz }
  | { kind: 'time'; date: DateInLocationTz; time: LocalTime }
  | { kind: 'instant'; at: SlotStartIso };

export interface BookingArea {
  area: number;
  /** ANY_THERAPIST_ID (0) for any therapist. */
  therapist: number;
  when: AreaWhen;
  note: string;
  services: BookingService[];
}

export interface BookingCard {
  customerId: string;
  appointmentId: string;
  /** Never 0: the specification's unset location reads as the default, SoHo. */
  location: LocationId;
  gender: Gender;
  status: CardStatus;
  /** The specification leaves these codes unnamed; they are carried as they came. */
  customerType: number;
  source: string;
  url: string;
  areas: BookingArea[];
  packageAreas: BookingArea[];
  packages: { packageId: string; used: boolean }[];
}

export const GENDER_CODE: Record<Gender, '0' | '1'> = { women: '0', men: '1' };
export const STATUS_CODE: Record<CardStatus, '1' | '2'> = { booked: '1', cancelled: '2' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

export function whenFromWire(svcDate: string): AreaWhen {
  if (svcDate === '') return { kind: 'none' };
  if (DAY.test(svcDate)) return { kind: 'day', date: svcDate as DateInLocationTz };
  const local = DAY_TIME.exec(svcDate);
  if (local) return { kind: 'time', date: local[1] as DateInLocationTz, time: local[2] as LocalTime };
  return { kind: 'instant', at: svcDate as SlotStartIso };
}

export function whenToWire(when: AreaWhen): string {
  switch (when.kind) {
    case 'none':
      return '';
    case 'day':
      return when.date;
    case 'time':
      return `${when.date} ${when.time}`;
    case 'instant':
      return when.at;
  }
}

function serviceFromWire(line: WireLine): BookingService {
  return {
    id: line.id,
    serviceType: line.serviceTypeId,
    sku: line.svcId,
    minutes: line.duration,
    package:
      line.isPackage || line.pkgId
        ? { packageId: line.pkgId ?? '', packageType: line.packageType, sessionsFulfilled: line.qtyFulfilled, sessionsCombined: line.qtyCombined }
        : null,
    ordered: line.isOrdered,
  };
}

function areaFromWire(area: WireArea): BookingArea {
  return {
    area: area.areaId,
    therapist: area.svcTherapist,
    when: whenFromWire(area.svcDate),
    note: area.svcNote,
    services: area.svcTypes.flatMap((type) => type.svcArray.map(serviceFromWire)),
  };
}

/** The domain card of a card in the specification's shape (an API body or answer, a decoded cookie, the upstream's). */
export function cardFromWire(wire: WireCard): BookingCard {
  return {
    customerId: wire.header.customerId,
    appointmentId: wire.header.aptId,
    location: normaliseLocation(wire.header.location),
    gender: wire.header.gender === '1' ? 'men' : 'women',
    status: wire.header.status === STATUS_CODE.cancelled ? 'cancelled' : 'booked',
    customerType: wire.header.customerType,
    source: wire.header.source,
    url: wire.header.url,
    areas: wire.svcAreas.map(areaFromWire),
    packageAreas: wire.pkgAreas.map(areaFromWire),
    packages: wire.pkgAvailable.map((pkg) => ({ packageId: pkg.pkgId, used: pkg.isPkgUsed })),
  };
}

/** An area in the specification's shape (a request that changes one appointment builds its body with it). */
export function areaToWire(area: BookingArea, gender: Gender): WireArea {
  // The specification groups an area's lines by service type, in the order each type first appears.
  const types = new Map<number, WireLine[]>();
  for (const service of area.services) {
    const line: WireLine = {
      pkgId: service.package ? service.package.packageId : null,
      packageType: service.package?.packageType ?? 0,
      qtyFulfilled: service.package?.sessionsFulfilled ?? 0,
      qtyCombined: service.package?.sessionsCombined ?? 0,
      svcId: service.sku,
      duration: service.minutes,
      isPackage: service.package !== null,
      isOrdered: service.ordered,
      serviceTypeId: service.serviceType,
      gen: Number(GENDER_CODE[gender]),
      id: service.id,
      areaId: area.area,
    };
    types.set(service.serviceType, [...(types.get(service.serviceType) ?? []), line]);
  }
  return {
    areaId: area.area,
    svcTherapist: area.therapist,
    svcDate: whenToWire(area.when),
    svcNote: area.note,
    svcTypes: [...types].map(([svcTypeId, svcArray]) => ({ svcTypeId, svcArray })),
  };
}

/** The specification's shape of a domain card: what the API, the cookie codec and the upstream read. */
export function cardToWire(card: BookingCard): WireCard {
  return {
    header: {
      url: card.url,
      customerId: card.customerId,
      aptId: card.appointmentId,
      location: String(card.location),
      gender: GENDER_CODE[card.gender],
      customerType: card.customerType,
      status: STATUS_CODE[card.status],
      source: card.source,
    },
    svcAreas: card.areas.map((area) => areaToWire(area, card.gender)),
    pkgAreas: card.packageAreas.map((area) => areaToWire(area, card.gender)),
    pkgAvailable: card.packages.map((pkg) => ({ pkgId: pkg.packageId, isPkgUsed: pkg.used })),
  };
}

// ---- Reading and building the domain card (what the stores and the components use) ----

/** The gender of the specification's `gen` code (0 women, 1 men). */
export const genderOf = (gen: 0 | 1): Gender => (gen === 1 ? 'men' : 'women');

/** An empty card: women's, booked, at SoHo unless told otherwise (the specification's default header). */
export function emptyBookingCard(fields: Partial<Pick<BookingCard, 'customerId' | 'location' | 'gender'>> = {}): BookingCard {
  return {
    customerId: '',
    appointmentId: '',
    location: 1,
    gender: 'women',
    status: 'booked',
    customerType: 0,
    source: '8',
    url: '',
    areas: [],
    packageAreas: [],
    packages: [],
    ...fields,
  };
}

/** Card ids compare case-insensitively and without braces: the cookie keeps them lower-case. */
export function sameId(a: string, b: string): boolean {
  return a.replace(/[{}]/g, '').toLowerCase() === b.replace(/[{}]/g, '').toLowerCase();
}

/** The service ids of an area, in the card's order. */
export function areaServiceIds(area: BookingArea): string[] {
  return area.services.map((service) => service.id);
}

/** The service ids of the card, area by area. */
export function cardServiceIds(card: BookingCard): string[] {
  return card.areas.flatMap(areaServiceIds);
}

export function cardServiceCount(card: BookingCard): number {
  return card.areas.reduce((n, area) => n + area.services.length, 0);
}

/** The service of the card with this id, if the card has it. */
export function findService(card: BookingCard, id: string): BookingService | undefined {
  for (const area of card.areas) for (const service of area.services) if (sameId(service.id, id)) return service;
  return undefined;
}

/** The area's day ('YYYY-MM-DD'), '' while none is chosen (or the area holds an instant, which has no day here). */
export function areaDay(area: BookingArea): string {
  return area.when.kind === 'day' || area.when.kind === 'time' ? area.when.date : '';
}

/** The area of the card with this id, if the card has one. */
export function areaOf(card: BookingCard, areaId: number): BookingArea | undefined {
  return card.areas.find((area) => area.area === areaId);
}

export function sameWhen(a: AreaWhen, b: AreaWhen): boolean {
  return whenToWire(a) === whenToWire(b);
}
