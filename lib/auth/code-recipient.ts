import 'server-only';
import { cookies } from 'next/headers';
import { secureCookies } from '@/lib/env';
import { CODE_SENT_ANSWER, CODE_TTL_MINUTES } from './codes';
import { emailSchema } from './schemas';

/**
 * The address a sign-in code was just sent to, so that the code's step still shows after a reload, a restart of the
 * browser or a detour to the mail app (the form's own state is gone by then): on /signin/?method=code and on the
 * booking page, whose sign-in step is the same form. An HttpOnly cookie, for as long as the code works; forgotten once
 * the code has signed in. Never in the address: nothing personal goes into a URL.
 */
export const CODE_RECIPIENT_COOKIE = 'bnp_code_to';
const COOKIE_PATH = '/';

export async function rememberCodeRecipient(email: string): Promise<void> {
  (await cookies()).set({ name: CODE_RECIPIENT_COOKIE, value: email, path: COOKIE_PATH, maxAge: CODE_TTL_MINUTES * 60, httpOnly: true, secure: secureCookies(), sameSite: 'lax' });
}

export async function forgetCodeRecipient(): Promise<void> {
  (await cookies()).set({ name: CODE_RECIPIENT_COOKIE, value: '', path: COOKIE_PATH, maxAge: 0, httpOnly: true, secure: secureCookies(), sameSite: 'lax' });
}

/** The code step's state for the address the cookie names, or undefined (no cookie, or not an address). */
export async function codeSentState(): Promise<{ outcome: 'ok'; message: string; fields: Record<string, string>; values: Record<string, string> } | undefined> {
  const email = emailSchema.safeParse((await cookies()).get(CODE_RECIPIENT_COOKIE)?.value ?? '');
  if (!email.success) return undefined;
  return { outcome: 'ok', message: CODE_SENT_ANSWER, fields: {}, values: { email: email.data, step: 'code' } };
}
