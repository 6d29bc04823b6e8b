import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import * as z from 'zod/mini';
import { secureCookies } from '@/lib/env';

/**
 * The answer to a form the browser posted itself (before the page's scripts ran, or without them), carried over a
 * redirect: post, redirect (303), get. React shows an action's answer in the HTML of the page it renders after the
 * post, but Next.js 16.4 resumes a partially prerendered page without that answer (the account pages are such
 * pages), so the form would come back blank. Instead the action keeps the answer in a short-lived HttpOnly cookie
 * and redirects to the page with a one-time `form` key in its address; the page reads the answer for that key.
 * A reload of that address shows the same answer (for a minute), as a page of results does; the cookie holds no
 * password, only the messages and the values to put back (a name, an e-mail address).
 */
export const FLASH_COOKIE = 'bnp_form';
export const FLASH_PARAM = 'form';
const FLASH_SECONDS = 60;
const MAX_FLASH_BYTES = 3000;

const text = z.string().check(z.maxLength(500));
const flashSchema = z.object({
  key: z.string().check(z.regex(/^[A-Za-z0-9_-]{16}$/)),
  form: text,
  state: z.object({
    outcome: z.enum(['idle', 'ok', 'error']),
    message: z.optional(text),
    code: z.optional(text),
    fields: z.record(z.string(), text),
    values: z.record(z.string(), text),
  }),
});

export type FlashState = z.infer<typeof flashSchema>['state'];

/** Keeps `state` for the page the redirect goes to; returns `path` (its #fragment kept) with the one-time key added. */
export async function flashFormState(form: string, state: FlashState, path: string): Promise<string> {
  const key = randomBytes(12).toString('base64url');
  const value = Buffer.from(JSON.stringify({ key, form, state: { ...state, data: undefined } })).toString('base64url');
  const url = new URL(path, 'http://same.invalid');
  url.searchParams.set(FLASH_PARAM, key);
  // A fragment names the form's section, so that the browser opens the page at the answer, not at its top.
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (value.length > MAX_FLASH_BYTES) return path;
  (await cookies()).set({ name: FLASH_COOKIE, value, path: '/', maxAge: FLASH_SECONDS, httpOnly: true, secure: secureCookies(), sameSite: 'lax' });
  return target;
}

/** The state kept for `form` under the key in the page's address, if this visitor's cookie holds it. */
export async function readFormFlash(form: string, key: string | string[] | undefined): Promise<FlashState | undefined> {
  if (typeof key !== 'string') return undefined;
  const raw = (await cookies()).get(FLASH_COOKIE)?.value;
  if (!raw || raw.length > MAX_FLASH_BYTES) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = flashSchema.safeParse(data);
  if (!parsed.success || parsed.data.key !== key || parsed.data.form !== form) return undefined;
  return parsed.data.state;
}
