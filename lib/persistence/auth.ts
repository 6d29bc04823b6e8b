import * as z from 'zod/mini';
import { fromBase64Url } from './codec';
import type { AuthProfile } from './model';

/**
 * The readable BnpAuth cookie: base64 of URL-encoded JSON with at least an id (DESIGN.md: display profile only,
 * never trusted by the server). The server may percent-encode the whole value once more when it sets it.
 */
export const authCookieSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.optional(z.string().check(z.maxLength(100))),
  email: z.optional(z.string().check(z.maxLength(254))),
});

export { SIGNED_OUT, type AuthProfile } from './model';

function safeDecodeURIComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function profileFromAuthCookie(raw: string | undefined): AuthProfile | undefined {
  if (!raw || raw.length > 2048) return undefined;
  const unwrapped = safeDecodeURIComponent(raw);
  if (!unwrapped) return undefined;
  const bytes = fromBase64Url(unwrapped.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  if (!bytes) return undefined;
  const json = safeDecodeURIComponent(String.fromCharCode(...bytes));
  if (!json) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = authCookieSchema.safeParse(data);
  if (!parsed.success) return undefined;
  return { name: parsed.data.name ?? '', email: parsed.data.email ?? '', customerId: parsed.data.id, isAuth: true };
}

/** What the server sets on sign-in (exported for tests and the API engineer). */
export function authCookieValue(profile: { id: string; name?: string; email?: string }): string {
  const encoded = encodeURIComponent(JSON.stringify(profile));
  return btoa(encoded);
}
