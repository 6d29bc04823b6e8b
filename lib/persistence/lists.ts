import * as z from 'zod/mini';
import { compressGuid, decodeJson, encodeJson, expandGuid, isGuidLike } from './codec';
import { COOKIE_BYTE_LIMIT, COOKIE_NAMES, cookieBytes } from './cookies';
import { cookieBody, STAMP_BYTES } from './stamp';
import { CHECKOUT_ID_MAX, FAVORITES_MAX, SHOP_MAX_ITEMS, type PersistedShopCart } from './model';

export { CHECKOUT_ID_MAX, EMPTY_SHOP_CART, FAVORITES_MAX, SHOP_MAX_ITEMS, type PersistedShopCart, type ShopCartHeader } from './model';

const cguid = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));

function expandAll(ids: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const id of ids) {
    const guid = expandGuid(id);
    if (!guid || out.includes(guid)) return undefined;
    out.push(guid);
  }
  return out;
}

function fits(name: string, value: string): string {
  if (cookieBytes(name, value) + STAMP_BYTES > COOKIE_BYTE_LIMIT) throw new RangeError(`The ${name} cookie would exceed 4096 bytes`);
  return value;
}

// ---- Favourites: a list of service ids ----

export const favoritesCookieSchema = z.object({ v: z.literal(1), f: z.array(cguid).check(z.maxLength(FAVORITES_MAX)) });

export function favoritesToCookie(ids: readonly string[]): string {
  if (ids.length > FAVORITES_MAX) throw new RangeError(`At most ${FAVORITES_MAX} favourites`);
  return fits(COOKIE_NAMES.favorites, encodeJson({ v: 1, f: ids.map(compressGuid) }));
}

export function favoritesFromCookie(raw: string | undefined): string[] | undefined {
  if (!raw || cookieBytes(COOKIE_NAMES.favorites, raw) > COOKIE_BYTE_LIMIT) return undefined;
  const parsed = favoritesCookieSchema.safeParse(decodeJson(cookieBody(raw)));
  return parsed.success ? expandAll(parsed.data.f) : undefined;
}

// ---- Shopping cart: header (customerId, checkoutId) and product-variant ids ----

export const shopCookieSchema = z.object({
  v: z.literal(1),
  c: z.union([z.literal(''), cguid]),
  k: z.string().check(z.maxLength(CHECKOUT_ID_MAX), z.regex(/^[A-Za-z0-9_\-/:.?=]*$/)),
  i: z.array(cguid).check(z.maxLength(SHOP_MAX_ITEMS)),
});

export function shopToCookie(cart: PersistedShopCart): string {
  if (cart.pvItems.length > SHOP_MAX_ITEMS) throw new RangeError(`At most ${SHOP_MAX_ITEMS} shop items`);
  const checkoutId = cart.header.checkoutId.length <= CHECKOUT_ID_MAX ? cart.header.checkoutId : '';
  const customerId = isGuidLike(cart.header.customerId) ? compressGuid(cart.header.customerId) : '';
  return fits(COOKIE_NAMES.shop, encodeJson({ v: 1, c: customerId, k: checkoutId, i: cart.pvItems.map(compressGuid) }));
}

export function shopFromCookie(raw: string | undefined): PersistedShopCart | undefined {
  if (!raw || cookieBytes(COOKIE_NAMES.shop, raw) > COOKIE_BYTE_LIMIT) return undefined;
  const parsed = shopCookieSchema.safeParse(decodeJson(cookieBody(raw)));
  if (!parsed.success) return undefined;
  const pvItems = expandAll(parsed.data.i);
  const customerId = parsed.data.c ? expandGuid(parsed.data.c) : '';
  if (!pvItems || customerId === undefined) return undefined;
  return { header: { customerId, checkoutId: parsed.data.k }, pvItems };
}

// ---- Current location: 0 (unset) to 4 ----

export const locationCookieSchema = z.pipe(
  z.string().check(z.regex(/^[0-4]$/)),
  z.transform((value: string) => Number(value)),
);

export function locationToCookie(location: number): string {
  if (!Number.isInteger(location) || location < 0 || location > 4) throw new RangeError(`Unknown location ${location}`);
  return String(location);
}

export function locationFromCookie(raw: string | undefined): number | undefined {
  if (!raw) return undefined;
  const parsed = locationCookieSchema.safeParse(cookieBody(raw));
  return parsed.success ? parsed.data : undefined;
}
