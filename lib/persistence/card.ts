import * as z from 'zod/mini';
import { compressGuid, decodeJson, encodeJson, expandGuid, isGuidLike } from './codec';
import { cookieBody, STAMP_BYTES } from './stamp';
import { COOKIE_BYTE_LIMIT, COOKIE_NAMES, cookieBytes } from './cookies';
import { cardFromWire, cardToWire, type BookingCard } from '@/lib/booking/card';
import {
  CARD_MAX_PACKAGES,
  CARD_MAX_SERVICES,
  DEFAULT_HEADER,
  cardServiceCount,
  type AppointmentCard,
  type CardArea,
  type CardHeader,
  type CardServiceType,
  type PackageAvailability,
  type ServiceLine,
} from './model';

export {
  CARD_MAX_PACKAGES,
  CARD_MAX_SERVICES,
  DEFAULT_HEADER,
  cardServiceCount,
  cardServiceIds,
  emptyCard,
  type AppointmentCard,
  type CardArea,
  type CardHeader,
  type CardServiceType,
  type PackageAvailability,
  type ServiceLine,
} from './model';

/*
 * The card cookie is a door of the booking card (lib/booking/card.ts): the stores keep the domain card, and this codec
 * turns it into the specification's shape (cardToWire) and that into the cookie, and back (bookingCardToCookie,
 * bookingCardFromCookie). The wire codec (cardToCookie, cardFromCookie) is what the server's routes that write the
 * cookie in the specification's shape use (book again).
 */

// ---- What the cookie carries of each field of the card ----

/**
 * 'kept': written and read back as is (svcDate: its day; a time chosen on it stays in the tab); 'derived': rebuilt on read from what
 * is kept (isPackage from pkgId, a line's gen and areaId from its header and area); 'dropped': not carried, read back
 * as the API schema's default (names, prices and durations are re-read from the catalogue; notes stay in the tab).
 * Keyed by the card's own fields (model.ts derives them from the API schema), so a field added to or removed from
 * the schema does not compile until it is placed here; card-contract.test.ts proves each entry true.
 */
export type CookieCarry = 'kept' | 'derived' | 'dropped';

export const CARD_COOKIE_FIELDS = {
  card: { header: 'kept', svcAreas: 'kept', pkgAreas: 'dropped', pkgAvailable: 'kept' },
  header: { url: 'dropped', customerId: 'kept', aptId: 'kept', location: 'kept', gender: 'kept', customerType: 'kept', status: 'kept', source: 'kept' },
  area: { areaId: 'kept', svcTherapist: 'kept', svcDate: 'kept', svcNote: 'dropped', svcTypes: 'kept' },
  serviceType: { svcTypeId: 'kept', svcArray: 'kept' },
  line: {
    pkgId: 'kept',
    packageType: 'dropped',
    qtyFulfilled: 'kept',
    qtyCombined: 'dropped',
    svcId: 'dropped',
    duration: 'dropped',
    isPackage: 'derived',
    isOrdered: 'dropped',
    serviceTypeId: 'kept',
    gen: 'derived',
    id: 'kept',
    areaId: 'derived',
  },
  package: { pkgId: 'kept', isPkgUsed: 'kept' },
} as const satisfies {
  card: Record<keyof AppointmentCard, CookieCarry>;
  header: Record<keyof CardHeader, CookieCarry>;
  area: Record<keyof CardArea, CookieCarry>;
  serviceType: Record<keyof CardServiceType, CookieCarry>;
  line: Record<keyof ServiceLine, CookieCarry>;
  package: Record<keyof PackageAvailability, CookieCarry>;
};

// ---- Wire format (ids only: names, prices and durations are re-read from the catalogue) ----

const cguid = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));
const optionalGuid = z.union([z.literal(''), cguid]);
const smallInt = (max: number) => z.int().check(z.minimum(0), z.maximum(max));
const dateOrEmpty = z.union([z.literal(''), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))]);

/** A line: [serviceId] or [serviceId, packageId, qtyFulfilled]. */
const wireLine = z.union([z.tuple([cguid]), z.tuple([cguid, cguid, smallInt(99)])]);
const wireType = z.tuple([z.int().check(z.minimum(1), z.maximum(2 ** 31)), z.array(wireLine).check(z.minLength(1), z.maxLength(CARD_MAX_SERVICES))]);
const wireArea = z.tuple([smallInt(99), smallInt(10_000), dateOrEmpty, z.array(wireType).check(z.minLength(1), z.maxLength(CARD_MAX_SERVICES))]);

export const cardCookieSchema = z.object({
  v: z.literal(1),
  /** customerId, aptId, location, gender, customerType, status, source */
  h: z.tuple([optionalGuid, optionalGuid, smallInt(4), smallInt(1), smallInt(99), z.string().check(z.regex(/^\d{1,2}$/)), z.string().check(z.regex(/^\d{1,2}$/))]),
  a: z.array(wireArea).check(z.maxLength(6)),
  p: z.array(z.tuple([cguid, smallInt(1)])).check(z.maxLength(CARD_MAX_PACKAGES)),
});
export type CardCookie = z.infer<typeof cardCookieSchema>;

/** Customer and appointment ids travel only when they are GUIDs; anything else is dropped rather than refused. */
function compressOrEmpty(id: string): string {
  return isGuidLike(id) ? compressGuid(id) : '';
}

export function cardToCookie(card: AppointmentCard): string {
  const lines = cardServiceCount(card);
  if (lines > CARD_MAX_SERVICES) throw new RangeError(`A card holds at most ${CARD_MAX_SERVICES} services`);
  const wire: CardCookie = {
    v: 1,
    h: [
      compressOrEmpty(card.header.customerId),
      compressOrEmpty(card.header.aptId),
      Number(card.header.location) || 0,
      card.header.gender === '1' ? 1 : 0,
      card.header.customerType,
      card.header.status,
      card.header.source,
    ],
    a: card.svcAreas.map((area) => [
      area.areaId,
      area.svcTherapist,
      areaDayOf(area.svcDate),
      area.svcTypes.map((type) => [
        type.svcTypeId,
        type.svcArray.map((line) => (line.pkgId ? [compressGuid(line.id), compressGuid(line.pkgId), line.qtyFulfilled] : [compressGuid(line.id)])),
      ]),
    ]) as CardCookie['a'],
    p: card.pkgAvailable.slice(0, CARD_MAX_PACKAGES).map((pkg) => [compressGuid(pkg.pkgId), pkg.isPkgUsed ? 1 : 0]),
  };
  const value = encodeJson(wire);
  if (cookieBytes(COOKIE_NAMES.card, value) + STAMP_BYTES > COOKIE_BYTE_LIMIT) throw new RangeError('The card cookie would exceed 4096 bytes');
  return value;
}

/** The card a cookie holds, or undefined when it is missing, malformed, tampered with or oversized. */
export function cardFromCookie(raw: string | undefined): AppointmentCard | undefined {
  if (!raw || cookieBytes(COOKIE_NAMES.card, raw) > COOKIE_BYTE_LIMIT) return undefined;
  const parsed = cardCookieSchema.safeParse(decodeJson(cookieBody(raw)));
  if (!parsed.success) return undefined;
  const wire = parsed.data;
  const guid = (c: string) => (c ? expandGuid(c) : '');
  const [customerId, aptId, location, gender, customerType, status, source] = wire.h;
  const header: CardHeader = {
    ...DEFAULT_HEADER,
    customerId: guid(customerId) ?? '',
    aptId: guid(aptId) ?? '',
    location: String(location),
    gender: String(gender),
    customerType,
    status,
    source,
  };
  let count = 0;
  const seen = new Set<string>();
  const svcAreas: CardArea[] = [];
  for (const [areaId, svcTherapist, svcDate, types] of wire.a) {
    if (svcAreas.some((area) => area.areaId === areaId)) return undefined;
    const svcTypes: CardServiceType[] = [];
    for (const [svcTypeId, lines] of types) {
      const svcArray: ServiceLine[] = [];
      for (const wireLine of lines) {
        const id = expandGuid(wireLine[0]);
        const pkgId = wireLine.length === 3 ? expandGuid(wireLine[1]) : null;
        if (!id || pkgId === undefined || seen.has(id)) return undefined;
        seen.add(id);
        count += 1;
        svcArray.push({
          pkgId,
          packageType: 0,
          qtyFulfilled: wireLine.length === 3 ? wireLine[2] : 0,
          qtyCombined: 0,
          svcId: '',
          duration: 0,
          isPackage: pkgId !== null,
          isOrdered: false,
          serviceTypeId: svcTypeId,
          gen: gender,
          id,
          areaId,
        });
      }
      svcTypes.push({ svcTypeId, svcArray });
    }
    svcAreas.push({ areaId, svcTherapist, svcDate, svcNote: '', svcTypes });
  }
  if (count > CARD_MAX_SERVICES) return undefined;
  const pkgAvailable: PackageAvailability[] = [];
  for (const [pkg, used] of wire.p) {
    const pkgId = expandGuid(pkg);
    if (!pkgId) return undefined;
    pkgAvailable.push({ pkgId, isPkgUsed: used === 1 });
  }
  return { header, svcAreas, pkgAreas: [], pkgAvailable };
}

const LOCAL_TIME = / \d{2}:\d{2}$/;

/**
 * The day of an area's svcDate ('YYYY-MM-DD HH:mm' or 'YYYY-MM-DD'): a time chosen on a day belongs to the tab's card,
 * and the cookie, so another tab, gets the day only (the address keeps the time for a reload).
 */
export function areaDayOf(svcDate: string): string {
  return svcDate.replace(LOCAL_TIME, '');
}

/** The cookie of a domain card (the store's): its days, not its times (areaDayOf). */
export function bookingCardToCookie(card: BookingCard): string {
  return cardToCookie(cardToWire(card));
}

/** The domain card a cookie holds, or undefined when it is refused (cardFromCookie). */
export function bookingCardFromCookie(raw: string | undefined): BookingCard | undefined {
  const wire = cardFromCookie(raw);
  return wire && cardFromWire(wire);
}

/**
 * `card` with the times this tab's card (`ours`) chose kept on each area whose therapist and day are still those they
 * were chosen for. Another tab's write carries days only: it must not wipe a time it left alone. The same card when
 * there is nothing to keep.
 */
export function keepChosenTimes(ours: BookingCard, card: BookingCard): BookingCard {
  let kept = false;
  const areas = card.areas.map((area) => {
    const own = ours.areas.find((a) => a.area === area.area);
    if (!own || own.when.kind !== 'time' || own.therapist !== area.therapist) return area;
    if (area.when.kind !== 'day' || area.when.date !== own.when.date) return area;
    kept = true;
    return { ...area, when: own.when };
  });
  return kept ? { ...card, areas } : card;
}
