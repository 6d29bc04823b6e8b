/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { PasskeySignInButton } from './PasskeySignInButton';
import { isIpAddress } from './passkey-client';
import { AddPasskeyOffer, Passkeys } from './Passkeys';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
const startRegistration = jest.fn();
const startAuthentication = jest.fn();
jest.mock('@simplewebauthn/browser', () => ({
  startRegistration: (...args: unknown[]) => startRegistration(...args),
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
  browserSupportsWebAuthnAutofill: async () => false,
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));

// jsdom has no WebAuthn; the site is at localhost, where passkeys work.
Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });

const reply = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body }) as Response;
const PASSKEY = { id: 'cred-1', name: 'Chrome on Android', createdAt: '2026-11-02T15:00:00.000Z', lastUsedAt: null };
const PROFILE = { id: '55555555-5555-4555-8555-555555555555', name: 'Paula Passkey', email: 'paula@example.com' };

/** Answers the passkey calls in turn by address; records them. */
function serve(answers: Record<string, Response[]>) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const answer = answers[`${init?.method ?? 'GET'} ${url}`]?.shift();
    if (!answer) throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    return answer;
  }) as typeof fetch;
  return calls;
}

function renderWithStores(ui: ReactNode) {
  const stores = createAppStores();
  render(<StoresProvider stores={stores}>{ui}</StoresProvider>);
  return stores;
}

afterEach(() => jest.clearAllMocks());

describe('AddPasskeyOffer', () => {
  it('offers a passkey to an account without one and adds it in one tap', async () => {
    const calls = serve({
      'GET /api/account/passkeys/': [reply(200, { passkeys: [] })],
      'POST /api/account/passkeys/options/': [reply(200, { challenge: 'c' })],
      'POST /api/account/passkeys/': [reply(201, PASSKEY)],
    });
    startRegistration.mockResolvedValue({ id: 'cred-1' });
    renderWithStores(<AddPasskeyOffer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey added. Next time, sign in with it in one tap.');
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' } });
    expect(calls).toEqual(['GET /api/account/passkeys/', 'POST /api/account/passkeys/options/', 'POST /api/account/passkeys/']);
  });

  it('offers nothing to an account that has a passkey', async () => {
    const calls = serve({ 'GET /api/account/passkeys/': [reply(200, { passkeys: [PASSKEY] })] });
    renderWithStores(<AddPasskeyOffer />);
    await waitFor(() => expect(calls).toEqual(['GET /api/account/passkeys/']));
    // The answer's state change, had there been one, lands before the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('says nothing when the person closes the prompt, and offers again', async () => {
    serve({ 'GET /api/account/passkeys/': [reply(200, { passkeys: [] })], 'POST /api/account/passkeys/options/': [reply(200, { challenge: 'c' })] });
    startRegistration.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    renderWithStores(<AddPasskeyOffer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('button', { name: 'Add a passkey' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Passkeys', () => {
  it('lists each passkey with its dates and removes one', async () => {
    const calls = serve({
      'GET /api/account/passkeys/': [reply(200, { passkeys: [PASSKEY] }), reply(200, { passkeys: [] })],
      'DELETE /api/account/passkeys/cred-1/': [{ ok: true, status: 204, json: async () => null } as unknown as Response],
    });
    renderWithStores(<Passkeys />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(list).toHaveTextContent('Chrome on AndroidAdded Nov 2, 2026 · Not used yet');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the passkey Chrome on Android, added Nov 2, 2026' }));
    expect(await screen.findByText('You have no passkey yet.')).toBeVisible();
    expect(calls).toContain('DELETE /api/account/passkeys/cred-1/');
  });

  it('shows the server’s sentence when the list cannot be loaded', async () => {
    serve({ 'GET /api/account/passkeys/': [reply(401, { error: { code: 'unauthorized', message: 'Please sign in.' } })] });
    renderWithStores(<Passkeys />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in.');
  });
});

describe('PasskeySignInButton', () => {
  it('signs in with the chosen passkey: the auth store learns it, then the caller', async () => {
    serve({ 'POST /api/auth/passkey/options/': [reply(200, { challenge: 'c' })], 'POST /api/auth/passkey/verify/': [reply(200, PROFILE)] });
    startAuthentication.mockResolvedValue({ id: 'cred-1' });
    const onSignedIn = jest.fn();
    const stores = renderWithStores(<PasskeySignInButton onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    expect(onSignedIn).toHaveBeenCalledWith(PROFILE);
    expect(stores.auth.getState().profile).toMatchObject({ customerId: PROFILE.id, name: PROFILE.name, isAuth: true });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' }, useBrowserAutofill: false });
  });

  it('goes to the return path without a caller, and shows a refused passkey’s sentence', async () => {
    serve({
      'POST /api/auth/passkey/options/': [reply(200, { challenge: 'c' }), reply(200, { challenge: 'd' })],
      'POST /api/auth/passkey/verify/': [reply(200, PROFILE), reply(400, { error: { code: 'passkey_not_valid', message: 'That passkey could not sign you in.' } })],
    });
    startAuthentication.mockResolvedValue({ id: 'cred-1' });
    renderWithStores(<PasskeySignInButton returnPath="/account/" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(push).toHaveBeenCalledWith('/account/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That passkey could not sign you in.');
  });
});

describe('isIpAddress', () => {
  it('tells an address, where WebAuthn refuses passkeys, from a hostname', () => {
    expect(['127.0.0.1', '192.168.1.20', '[::1]', '::1', '[2001:db8::7]'].filter(isIpAddress)).toHaveLength(5);
    expect(['localhost', 'bareandpolished.nyc', 'deadbeef', 'cafe.example'].filter(isIpAddress)).toEqual([]);
  });
});
