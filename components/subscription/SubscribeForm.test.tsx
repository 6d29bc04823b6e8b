/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { track } from '@vercel/analytics';
import { renderToString } from 'react-dom/server';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { SubscribeForm } from './SubscribeForm';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('@vercel/analytics', () => ({ track: jest.fn() }));
// The server action serves the form the browser posts itself; with scripts the form calls the API (fetch).
jest.mock('./actions', () => ({ subscribeAction: jest.requireActual('@/components/forms/progressive-action.mock').progressiveAction() }));

function answer(status: number, body?: unknown) {
  return jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response);
}

function setup(fetcher: jest.Mock) {
  globalThis.fetch = fetcher as unknown as typeof fetch;
  const stores = createAppStores();
  render(
    <StoresProvider stores={stores}>
      <SubscribeForm />
      <Snackbar />
    </StoresProvider>,
  );
  return stores;
}

async function submit(email: string) {
  const field = screen.getByRole('textbox', { name: 'Email' });
  await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  return field as HTMLInputElement;
}

beforeEach(() => {
  jest.mocked(track).mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.mocked(console.error).mockRestore());

describe('Receive Offers', () => {
  it('is an email field, required, with the placeholder', () => {
    setup(answer(200));
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('placeholder', '{email}');
  });

  it('posts to its server action before the scripts run', () => {
    const html = renderToString(
      <StoresProvider stores={createAppStores()}>
        <SubscribeForm />
      </StoresProvider>,
    );
    expect(html).toMatch(/<form[^>]* method="POST"/);
    expect(html).toMatch(/<input type="hidden" name="\$ACTION_REF_[^"]*"/);
  });

  it('is busy while the request runs', async () => {
    let settle!: (response: Response) => void;
    const stores = setup(jest.fn(() => new Promise<Response>((resolve) => (settle = resolve))));
    await submit('ana@example.com');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(stores.ui.getState().progress).toBe(1);
    await act(async () => settle({ ok: true, status: 201, json: async () => ({ ok: true }) } as Response));
    expect(await screen.findByText('Subscribed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(stores.ui.getState().progress).toBe(0);
  });

  it('posts {email, createdBy}, says so for 3 s, counts a conversion and clears the field', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const fetcher = answer(201, { ok: true });
    const stores = setup(fetcher);
    const field = await submit('ana@example.com');
    expect(fetcher).toHaveBeenCalledWith('/api/marketing/createsubscription/', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse((fetcher.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ email: 'ana@example.com', createdBy: 'web' });
    expect(await screen.findByText('Subscribed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'success');
    await waitFor(() => expect(track).toHaveBeenCalledWith('subscribe'));
    expect(field.value).toBe('');
    expect(stores.ui.getState().progress).toBe(0);
    act(() => {
      jest.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Subscribed successfully!')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it.each([
    ['the bare error data', 'DLRecordExists'],
    ['error data in an object', { error: { code: 'DLRecordExists', message: 'exists' } }],
  ])('says already subscribed for %s, and clears the field', async (_label, body) => {
    setup(answer(409, body));
    const field = await submit('ana@example.com');
    expect(await screen.findByText('Already been subscribed!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'info');
    expect(field.value).toBe('');
    expect(track).not.toHaveBeenCalled();
  });

  it('says it failed on any other answer or a network error, and clears the field', async () => {
    setup(answer(500, { error: { code: 'internal' } }));
    const field = await submit('ana@example.com');
    expect(await screen.findByText('Failed to subscribe!')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'error');
    expect(field.value).toBe('');
  });

  it('says it failed when the network is down', async () => {
    setup(jest.fn(async () => Promise.reject(new TypeError('offline'))));
    const field = await submit('ana@example.com');
    expect(await screen.findByText('Failed to subscribe!')).toBeInTheDocument();
    expect(field.value).toBe('');
  });
});
