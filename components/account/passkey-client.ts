import type { Profile } from './account-state';

/**
 * The browser's side of passkeys (lib/auth/passkeys.ts has the server's): @simplewebauthn/browser is loaded when a
 * ceremony starts, so a page that never uses a passkey never downloads it.
 */

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The outcome of a ceremony: a cancelled prompt is not a failure, and says nothing. */
export type PasskeyOutcome<T> = { kind: 'done'; value: T } | { kind: 'cancelled' } | { kind: 'error'; message: string };

export const PASSKEY_NETWORK_MESSAGE = 'We could not reach the salon. Please check your connection and try again.';

/** An IPv4 address, or an IPv6 one (it has a colon; a hostname never does). */
export function isIpAddress(hostname: string): boolean {
  return /^(\d{1,3}\.){3}\d{1,3}$/.test(hostname) || /^\[?[0-9a-f]*:[0-9a-f:.]*\]?$/i.test(hostname);
}

/**
 * Whether passkeys can work here: WebAuthn refuses a site opened at an IP address (the server binds them to
 * localhost then, docs/decisions.md 'Passkeys'), and an old browser has no WebAuthn at all.
 */
export function passkeysPossible(): boolean {
  if (typeof window === 'undefined' || isIpAddress(window.location.hostname)) return false;
  return typeof window.PublicKeyCredential === 'function';
}

async function answerOf<T>(response: Response, fallback: string): Promise<PasskeyOutcome<T>> {
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: unknown } }) | null;
  if (response.ok && body) return { kind: 'done', value: body };
  const said = typeof body?.error?.message === 'string' ? body.error.message : `${fallback} (error ${response.status}).`;
  return { kind: 'error', message: said };
}

const post = (url: string, body: unknown = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });

/** The browser's refusal: NotAllowedError is the person closing the prompt (or its time running out); AbortError a newer ceremony. */
function ceremonyProblem(error: unknown, failed: string): PasskeyOutcome<never> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return { kind: 'cancelled' };
  if (name === 'InvalidStateError') return { kind: 'error', message: 'This device already has a passkey for your account.' };
  console.warn('passkey ceremony failed', error);
  return { kind: 'error', message: failed };
}

/**
 * Signs in with a passkey: the server's options, the browser's prompt (or with `autofill`, the passkeys the browser
 * offers in an e-mail field marked 'webauthn', waiting until one is chosen), then the server's check.
 */
export async function signInWithPasskey(autofill = false): Promise<PasskeyOutcome<Profile>> {
  try {
    const { startAuthentication, browserSupportsWebAuthnAutofill } = await import('@simplewebauthn/browser');
    if (autofill && !(await browserSupportsWebAuthnAutofill())) return { kind: 'cancelled' };
    const options = await answerOf<Parameters<typeof startAuthentication>[0]['optionsJSON']>(await post('/api/auth/passkey/options/'), 'Passkey sign-in could not start');
    if (options.kind !== 'done') return options;
    let response;
    try {
      response = await startAuthentication({ optionsJSON: options.value, useBrowserAutofill: autofill });
    } catch (error) {
      return ceremonyProblem(error, 'Your browser could not use the passkey. Please try again, or sign in with an e-mail code.');
    }
    return answerOf<Profile>(await post('/api/auth/passkey/verify/', { response }), 'The passkey could not sign you in');
  } catch (error) {
    console.warn('passkey sign-in could not reach the salon', error);
    return { kind: 'error', message: PASSKEY_NETWORK_MESSAGE };
  }
}

/** Adds a passkey to the signed-in customer's account: the server's options, the browser's prompt, the server's check. */
export async function addPasskey(): Promise<PasskeyOutcome<PasskeySummary>> {
  try {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const options = await answerOf<Parameters<typeof startRegistration>[0]['optionsJSON']>(await post('/api/account/passkeys/options/'), 'A passkey could not be added');
    if (options.kind !== 'done') return options;
    let response;
    try {
      response = await startRegistration({ optionsJSON: options.value });
    } catch (error) {
      return ceremonyProblem(error, 'Your browser could not make a passkey. Please try again.');
    }
    return answerOf<PasskeySummary>(await post('/api/account/passkeys/', { response }), 'The passkey could not be saved');
  } catch (error) {
    console.warn('adding a passkey could not reach the salon', error);
    return { kind: 'error', message: PASSKEY_NETWORK_MESSAGE };
  }
}

export async function fetchPasskeys(): Promise<PasskeyOutcome<PasskeySummary[]>> {
  try {
    const answer = await answerOf<{ passkeys: PasskeySummary[] }>(await fetch('/api/account/passkeys/', { headers: { accept: 'application/json' }, cache: 'no-store' }), 'Your passkeys could not be loaded');
    return answer.kind === 'done' ? { kind: 'done', value: answer.value.passkeys } : answer;
  } catch (error) {
    console.warn('passkeys could not be loaded', error);
    return { kind: 'error', message: PASSKEY_NETWORK_MESSAGE };
  }
}

export async function deletePasskey(id: string): Promise<PasskeyOutcome<null>> {
  try {
    const response = await fetch(`/api/account/passkeys/${encodeURIComponent(id)}/`, { method: 'DELETE', headers: { accept: 'application/json' } });
    // 404: removed already (another tab); the list is loaded again either way.
    if (response.ok || response.status === 404) return { kind: 'done', value: null };
    return answerOf<null>(response, 'The passkey could not be removed');
  } catch (error) {
    console.warn('a passkey could not be removed', error);
    return { kind: 'error', message: PASSKEY_NETWORK_MESSAGE };
  }
}
