/**
 * What the stores keep and the caps they enforce, without the cookie codecs: the stores and the first-load islands
 * use this module, so zod (in card.ts, lists.ts and auth.ts) loads only with the codecs, after hydration.
 */

import type { AppointmentCard as ApiCard } from '@/lib/booking/card-schema';

/**
 * A type with its literal unions widened ('0' | '1' to string, 0 | 1 to number): the client keeps the card's fields
 * as the API schema defines them, with the plain types a store builds them from.
 */
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends null | undefined
        ? T
        : T extends readonly (infer U)[]
          ? Widen<U>[]
          : { -readonly [K in keyof T]: Widen<T[K]> };

/**
 * The appointment card (specification section 3) in the specification's shape, as the cookie codec and the API carry
 * it (the stores keep the domain card, lib/booking/card.ts, converted at those doors): derived from the one
 * definition, the API's zod schema in lib/booking/card-schema.ts (a type-only import, so no zod loads with the stores).
 * A field added there is a field here, and the cookie codec (card.ts, checked by card-contract.ts) must say whether it
 * carries it.
 */
export type AppointmentCard = Widen<ApiCard>;
export type CardHeader = AppointmentCard['header'];
export type CardArea = AppointmentCard['svcAreas'][number];
export type CardServiceType = CardArea['svcTypes'][number];
/** A line: `svcId` is the service's SKU ('' until the catalogue summary is known), `id` the service item's GUID. */
export type ServiceLine = CardServiceType['svcArray'][number];
export type PackageAvailability = AppointmentCard['pkgAvailable'][number];

/** Caps enforced by the store and the codec; at these caps the cookie stays under 4096 bytes (see persistence.test.ts). */
export const CARD_MAX_SERVICES = 30;
export const CARD_MAX_PACKAGES = 20;

export const DEFAULT_HEADER: CardHeader = {
  url: '',
  customerId: '',
  aptId: '',
  location: '1',
  gender: '0',
  customerType: 0,
  status: '1',
  source: '8',
};

export function emptyCard(header: Partial<CardHeader> = {}): AppointmentCard {
  return { header: { ...DEFAULT_HEADER, ...header }, svcAreas: [], pkgAreas: [], pkgAvailable: [] };
}

export function cardServiceCount(card: AppointmentCard): number {
  return card.svcAreas.reduce((n, area) => n + area.svcTypes.reduce((m, type) => m + type.svcArray.length, 0), 0);
}

export function cardServiceIds(card: AppointmentCard): string[] {
  return card.svcAreas.flatMap((area) => area.svcTypes.flatMap((type) => type.svcArray.map((line) => line.id)));
}

/** Caps enforced by the stores and the codecs; sizes at the caps are proven in persistence.test.ts. */
export const FAVORITES_MAX = 100;
export const SHOP_MAX_ITEMS = 10;
export const CHECKOUT_ID_MAX = 200;

export interface ShopCartHeader {
  customerId: string;
  checkoutId: string;
}

export interface PersistedShopCart {
  header: ShopCartHeader;
  pvItems: string[];
}

/** A shop cart with nothing in it and no checkout started. */
export const EMPTY_SHOP_CART: PersistedShopCart = { header: { customerId: '', checkoutId: '' }, pvItems: [] };

export interface AuthProfile {
  name: string;
  email: string;
  customerId: string;
  isAuth: boolean;
}

export const SIGNED_OUT: AuthProfile = { name: '', email: '', customerId: '', isAuth: false };
