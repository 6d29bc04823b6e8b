/**
 * What the stores keep and the caps they enforce, without the cookie codecs: the stores and the first-load islands
 * import this, so zod (in card.ts, lists.ts and auth.ts) loads only with the codecs, after hydration.
 */

/**
 * The appointment card (specification section 3) as the client keeps it. Until lib/booking/card-schema.ts (the API
 * engineer's) lands these types are ours; the shapes follow the specification's field names.
 */
export interface CardHeader {
  url: string;
  customerId: string;
  aptId: string;
  location: string;
  gender: string;
  customerType: number;
  status: string;
  source: string;
}

export interface ServiceLine {
  pkgId: string | null;
  packageType: number;
  qtyFulfilled: number;
  qtyCombined: number;
  /** The service's SKU (its 'value'); '' until the catalogue summary is known. */
  svcId: string;
  duration: number;
  isPackage: boolean;
  isOrdered: boolean;
  serviceTypeId: number;
  gen: number;
  /** The service item's GUID. */
  id: string;
  areaId: number;
}

export interface CardServiceType {
  svcTypeId: number;
  svcArray: ServiceLine[];
}

export interface CardArea {
  areaId: number;
  svcTherapist: number;
  svcDate: string;
  svcNote: string;
  svcTypes: CardServiceType[];
}

export interface PackageAvailability {
  pkgId: string;
  isPkgUsed: boolean;
}

export interface AppointmentCard {
  header: CardHeader;
  svcAreas: CardArea[];
  /** Not shown in detail by the specification: packages grouped by area, as the API sends them. */
  pkgAreas: CardArea[];
  pkgAvailable: PackageAvailability[];
}

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

export interface AuthProfile {
  name: string;
  email: string;
  customerId: string;
  isAuth: boolean;
}

export const SIGNED_OUT: AuthProfile = { name: '', email: '', customerId: '', isAuth: false };
