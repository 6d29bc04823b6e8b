/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import useSWR, { SWRConfig } from 'swr';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { ENHANCED_FIELD, type FormState } from '@/components/forms/form-state';
import type { SignedIn } from '@/components/account/account-state';
import { codeSignInAction } from '@/components/account/code-actions';
import { CodeSignInForm } from '@/components/account/CodeSignInForm';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import { BookingSignIn } from './BookingSignIn';
import { useHoldRelease } from './use-hold-release';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.requireActual('@/components/forms/progressive-action.mock').progressiveAction() }));
const action = jest.mocked(codeSignInAction);

const SENT: FormState<SignedIn> = { outcome: 'ok', message: 'We have sent a six-digit code to that address. It works for 10 minutes.', fields: {}, values: { email: 'ada@example.com', step: 'code' } };
const NAME_NEEDED: FormState<SignedIn> = {
  outcome: 'error',
  code: 'name_needed',
  message: 'Welcome! This e-mail address is new to us: enter your name to create your account.',
  fields: { name: 'Enter your name.' },
  values: { email: 'ada@example.com', step: 'code', askName: '1', name: '', code: '123456' },
};
const SIGNED_IN: FormState<SignedIn> = { outcome: 'ok', fields: {}, values: {}, data: { profile: { id: 'id-1', name: 'Ada', email: 'ada@example.com' }, returnPath: '/booking/' } };

let fetchCalls: { url: string; init?: RequestInit }[] = [];
function answerFetch(status: number, body: unknown) {
  fetchCalls = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    fetchCalls.push({ url: String(url), init });
    return { status, ok: status >= 200 && status < 300, json: async () => body } as Response;
  }) as typeof fetch;
}

function Page({ holdBody, onSignedIn, codeSent }: { holdBody: () => string | undefined; onSignedIn: () => void; codeSent?: FormState }) {
  useHoldRelease();
  return <BookingSignIn returnPath="/booking/" holdBody={holdBody} onSignedIn={onSignedIn} codeSent={codeSent} />;
}

function setup(holdBody: () => string | undefined = () => '{"card":1}', onSignedIn = jest.fn(), codeSent?: FormState) {
  const stores = createAppStores();
  const view = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <StoresProvider stores={stores}>
        <Page holdBody={holdBody} onSignedIn={onSignedIn} codeSent={codeSent} />
      </StoresProvider>
    </SWRConfig>,
  );
  return { stores, onSignedIn, view };
}

beforeEach(() => {
  action.mockReset();
  push.mockReset();
});

describe('CodeSignInForm', () => {
  it('posts to its server action before the scripts run: the e-mail step, with the return path and step in hidden fields', () => {
    const html = renderToString(
      <StoresProvider stores={createAppStores()}>
        <CodeSignInForm returnPath="/account/" />
      </StoresProvider>,
    );
    expect(html).toMatch(/<form[^>]* method="POST"/);
    expect(html).toContain('<input type="hidden" name="returnPath" value="/account/"/>');
    expect(html).toContain('<input type="hidden" name="step" value="email"/>');
    expect(html).toContain('Send me a code');
  });

  it('shows the code step of an answer carried over a redirect (no scripts), the address in a hidden field', () => {
    const html = renderToString(
      <StoresProvider stores={createAppStores()}>
        <CodeSignInForm returnPath="/account/" answer={{ ...SENT, data: undefined }} />
      </StoresProvider>,
    );
    expect(html).toContain('<input type="hidden" name="step" value="code"/>');
    expect(html).toContain('<input type="hidden" name="email" value="ada@example.com"/>');
    expect(html).toContain('autoComplete="one-time-code"');
    // The name is asked of every address, before the code: the page does not tell a known address from a new one.
    expect(html).toMatch(/name="name"[\s\S]*name="code"/);
    expect(html).toContain('Only needed the first time you sign in with this address.');
    expect(html).not.toContain('new to us');
  });

  it('the sixth digit of the code sends the form, typed or pasted, once per code; the button stays', async () => {
    action.mockResolvedValueOnce(SENT).mockResolvedValueOnce({ ...SENT, outcome: 'error', code: 'code_not_valid', message: 'That code is not right.' }).mockResolvedValueOnce(SIGNED_IN);
    const onSignedIn = jest.fn();
    render(
      <StoresProvider stores={createAppStores()}>
        <CodeSignInForm returnPath="/account/" onSignedIn={onSignedIn} />
      </StoresProvider>,
    );
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText('Code from the e-mail');
    await userEvent.type(code, '12345');
    expect(action).toHaveBeenCalledTimes(1);
    await userEvent.type(code, '6');
    await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(Object.fromEntries(action.mock.calls[1]![1])).toMatchObject({ step: 'code', email: 'ada@example.com', code: '123456', name: '' });
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    // A pasted code sends itself too; the account signs in without a name.
    await userEvent.clear(code);
    await userEvent.click(code);
    await userEvent.paste('654321');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SIGNED_IN.data!.profile));
    expect(action).toHaveBeenCalledTimes(3);
    expect(Object.fromEntries(action.mock.calls[2]![1])).toMatchObject({ code: '654321' });
  });

  it('a new customer types the name and then the code: the sixth digit sends both', async () => {
    action.mockResolvedValueOnce(SIGNED_IN);
    const onSignedIn = jest.fn();
    render(
      <StoresProvider stores={createAppStores()}>
        <CodeSignInForm returnPath="/booking/" answer={{ ...SENT, data: undefined }} onSignedIn={onSignedIn} />
      </StoresProvider>,
    );
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(action).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(action.mock.calls[0]![1])).toMatchObject({ step: 'code', code: '123456', name: 'Ada Lovelace' });
  });

  it('takes the focus to the field of each step that appears: the code, the name of a new address, the e-mail address again', async () => {
    action.mockResolvedValueOnce(SENT).mockResolvedValueOnce(NAME_NEEDED);
    render(
      <StoresProvider stores={createAppStores()}>
        <CodeSignInForm returnPath="/account/" />
      </StoresProvider>,
    );
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(screen.getByLabelText('Code from the e-mail')).toHaveFocus());

    // The code without a name, for a new address: the sixth digit sends it, and the answer asks for the name.
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveFocus());

    await userEvent.click(screen.getByRole('link', { name: 'Use another e-mail address or send a new code' }));
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveFocus());
  });

  it('leaves the focus alone on a page that opens at the code step (a reload)', () => {
    render(
      <StoresProvider stores={createAppStores()}>
        <CodeSignInForm returnPath="/account/" answer={{ ...SENT, data: undefined }} />
      </StoresProvider>,
    );
    expect(screen.getByLabelText('Code from the e-mail')).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('BookingSignIn', () => {
  it('says, before the code is asked for, that signing in books the visit when it will', () => {
    const { view } = setup();
    expect(screen.queryByText('Once you are signed in, we book the visit above.')).not.toBeInTheDocument();
    view.rerender(
      <SWRConfig value={{ provider: () => new Map() }}>
        <StoresProvider stores={createAppStores()}>
          <BookingSignIn returnPath="/booking/" holdBody={() => undefined} onSignedIn={jest.fn()} booksOnSignIn />
        </StoresProvider>
      </SWRConfig>,
    );
    expect(screen.getByText('Once you are signed in, we book the visit above.')).toBeInTheDocument();
  });

  it('holds the chosen times, then asks for the code; a new customer gives a name and is signed in in place', async () => {
    answerFetch(201, { expiresAt: '2027-01-12T15:10:00.000Z', holds: [] });
    action.mockResolvedValueOnce(SENT).mockResolvedValueOnce(NAME_NEEDED).mockResolvedValueOnce(SIGNED_IN);
    const { stores, onSignedIn } = setup();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByText('We are holding your chosen times for you until 10:10 AM.')).toBeInTheDocument();
    expect(fetchCalls[0]).toMatchObject({ url: '/api/holds/', init: { method: 'POST', body: '{"card":1}' } });
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({ returnPath: '/booking/', step: 'email', email: 'ada@example.com', [ENHANCED_FIELD]: '1' });
    expect(screen.getByRole('status')).toHaveTextContent(SENT.message!);

    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123456');
    expect(await screen.findByText(NAME_NEEDED.message!)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the e-mail')).toHaveValue('123456');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SIGNED_IN.data!.profile));
    expect(Object.fromEntries(action.mock.calls[2]![1])).toMatchObject({ step: 'code', email: 'ada@example.com', code: '123456', askName: '1', name: 'Ada Lovelace' });
    expect(push).not.toHaveBeenCalled();
    expect(stores.auth.getState().profile).toMatchObject({ customerId: 'id-1', isAuth: true });
  });

  it('says when the hold has run out, instead of still holding the times', async () => {
    answerFetch(201, { expiresAt: new Date(Date.now() + 400).toISOString(), holds: [] });
    action.mockResolvedValueOnce(SENT);
    setup();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/^We are holding your chosen times for you until /)).toBeInTheDocument();
    expect(await screen.findByText(/they are no longer held, so someone else may book them first/, undefined, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByText(/^We are holding your chosen times/)).toBeNull();
  });

  it('stops at a time taken meanwhile (416): the sentence, and no code is asked for', async () => {
    answerFetch(416, { error: { code: 'slot_taken', message: 'x' } });
    setup();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that time was just booked. Please choose another time.');
    expect(action).not.toHaveBeenCalled();
  });

  it('a time taken meanwhile refreshes the times shown, the visit’s as well as each service’s', async () => {
    answerFetch(416, { error: { code: 'slot_taken', message: 'x' } });
    const asked: string[] = [];
    function Times() {
      useSWR('/api/visits/1/?areas=1', (key: string) => (asked.push(key), 1));
      useSWR('/api/slots/1/1/0/2027-01-12/', (key: string) => (asked.push(key), 1));
      return null;
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <StoresProvider stores={createAppStores()}>
          <Times />
          <Page holdBody={() => '{"card":1}'} onSignedIn={jest.fn()} />
        </StoresProvider>
      </SWRConfig>,
    );
    await waitFor(() => expect(asked).toHaveLength(2));
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('alert');
    await waitFor(() => expect(asked.filter((key) => key.startsWith('/api/visits/'))).toHaveLength(2));
    expect(asked.filter((key) => key.startsWith('/api/slots/'))).toHaveLength(2);
  });

  it('holds nothing while a time is missing, and goes on to the code', async () => {
    answerFetch(201, {});
    action.mockResolvedValueOnce(SENT);
    setup(() => undefined);
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByLabelText('Code from the e-mail')).toBeInTheDocument();
    expect(fetchCalls).toEqual([]);
  });

  it('releases the hold when the customer leaves the page (DELETE with keepalive)', async () => {
    answerFetch(201, { expiresAt: '2027-01-12T15:10:00.000Z', holds: [] });
    action.mockResolvedValueOnce(SENT);
    const { view } = setup();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText(/We are holding your chosen times/);
    act(() => view.unmount());
    expect(fetchCalls.at(-1)).toMatchObject({ url: '/api/holds/', init: { method: 'DELETE', keepalive: true } });
  });

  it('back at the code step after a reload, holds the chosen times again and says until when', async () => {
    // Ten minutes before the hold ends, whatever day the suite runs: only the clock is fixed, the timers stay real.
    jest.useFakeTimers({
      now: new Date('2026-12-01T16:00:00.000Z'),
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'],
    });
    try {
      answerFetch(201, { expiresAt: '2026-12-01T16:10:00.000Z' });
      setup(undefined, undefined, { ...SENT, data: undefined } as FormState);
      expect(await screen.findByText('We are holding your chosen times for you until 11:10 AM.')).toBeInTheDocument();
      expect(fetchCalls).toEqual([{ url: '/api/holds/', init: expect.objectContaining({ method: 'POST', body: '{"card":1}' }) }]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('back at the code step, a time taken meanwhile is said at once', async () => {
    answerFetch(416, { error: { code: 'slot_taken', message: 'x' } });
    setup(undefined, undefined, { ...SENT, data: undefined } as FormState);
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN_MESSAGE);
  });
});
