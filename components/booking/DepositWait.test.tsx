/** @jest-environment jsdom */
import { act, cleanup, render, screen } from '@testing-library/react';
import { DEPOSIT_POLL_MS, DepositWait, type WaitingDeposit } from './DepositWait';
import { reply } from './test-support/booking-fixtures';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));

const ID = '66666666-6666-4666-8666-666666666666';
const waiting: WaitingDeposit = { id: ID, status: 'awaiting_payment', amountCents: 10000, creditCents: 3000, expiresAt: '2027-01-04T17:10:00.000Z' };

function answering(...statuses: WaitingDeposit['status'][]) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    calls.push(url);
    const status = statuses.shift() ?? 'awaiting_payment';
    return reply(200, { deposit: { ...waiting, status, bookingId: status === 'booked' ? ID : null } });
  }) as unknown as typeof fetch;
  return calls;
}

beforeEach(() => {
  jest.useFakeTimers();
  refresh.mockClear();
});
afterEach(() => jest.useRealTimers());

async function tick() {
  await act(async () => {
    jest.advanceTimersByTime(DEPOSIT_POLL_MS);
  });
  // The answer's fetch and its json() settle over a few turns.
  for (let i = 0; i < 5; i++) await act(async () => undefined);
}

describe('the confirmation page waiting for the deposit', () => {
  it('shows the progress line with what is due and the hold, asks every two seconds, and shows the booking once paid', async () => {
    const calls = answering('awaiting_payment', 'booked');
    render(<DepositWait deposit={waiting} />);
    expect(screen.getByRole('heading', { name: 'Waiting for your deposit' })).toBeInTheDocument();
    expect(screen.getByTestId('deposit-progress')).toHaveTextContent('Waiting for the shop to confirm your deposit of $70.00… Your times are held until Monday, January 4, 2027 at 12:10 PM EST.');
    await tick();
    expect(calls).toEqual([`/api/deposits/${ID}/`]);
    expect(refresh).not.toHaveBeenCalled();
    await tick();
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });

  it('says the times were released when the hold ran out, and keeps asking in case a payment comes late', async () => {
    const calls = answering('released', 'credited');
    render(<DepositWait deposit={waiting} />);
    await tick();
    expect(screen.getByRole('heading', { name: 'Your held times were released' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a time again' })).toHaveAttribute('href', '/booking/');
    expect(screen.getByRole('link', { name: 'Refresh this page' })).toHaveAttribute('href', `/booking/confirmation/${ID}/`);
    await tick();
    expect(screen.getByRole('heading', { name: 'Your deposit is account credit' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The $70.00 is credit on your account');
    await tick();
    expect(calls).toHaveLength(2);
  });
});

describe('letting the times go', () => {
  it("ends the waiting deposit at once and says the times are released; a deposit paid meanwhile shows as it is", async () => {
    jest.useRealTimers();
    const calls: { url: string; method?: string }[] = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method });
      return reply(204, null);
    }) as unknown as typeof fetch;
    render(<DepositWait deposit={waiting} />);
    await act(async () => {
      screen.getByRole('button', { name: 'Let the times go' }).click();
    });
    expect(calls).toEqual([{ url: `/api/deposits/${ID}/`, method: 'DELETE' }]);
    expect(await screen.findByRole('heading', { name: 'Your held times were released' })).toBeInTheDocument();
    cleanup();

    globalThis.fetch = jest.fn(async () => reply(409, { deposit: { ...waiting, status: 'booked', bookingId: ID } })) as unknown as typeof fetch;
    render(<DepositWait deposit={waiting} />);
    await act(async () => {
      screen.getByRole('button', { name: 'Let the times go' }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });
});
