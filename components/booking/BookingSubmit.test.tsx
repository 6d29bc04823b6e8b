/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { BookingSubmit } from './BookingSubmit';
import type { BookingStatus } from './use-booking-submit';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
// The sign-in step's server action: its own tests are in BookingSignIn.test.tsx.
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));

function renderSubmit(status: BookingStatus, signedIn: boolean, onBook = jest.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <StoresProvider stores={createAppStores()}>
        <BookingSubmit status={status} signedIn={signedIn} onBook={onBook} holdBody={() => undefined} />
      </StoresProvider>
    </SWRConfig>,
  );
  return onBook;
}

beforeEach(() => {
  push.mockClear();
  window.history.replaceState(null, '', '/booking/?d1=2026-12-05&t1=11%3A00');
});

describe('BookingSubmit', () => {
  it('a customer gets BOOK, which books', async () => {
    const onBook = renderSubmit({ kind: 'idle' }, true);
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(onBook).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('while booking, BOOK says so and cannot be pressed again, and keeps the focus', async () => {
    const onBook = renderSubmit({ kind: 'booking' }, true);
    const button = screen.getByRole('button', { name: 'Booking…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onBook).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('says the last error in an alert inside an assertive live region', () => {
    renderSubmit({ kind: 'error', message: 'Please choose a time for Skincare.' }, true);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please choose a time for Skincare.');
    expect(alert.parentElement).toHaveAttribute('aria-live', 'assertive');
  });

  it('a visitor gets the sign-in step and the ways to sign in or sign up, each coming back to this page', async () => {
    renderSubmit({ kind: 'idle' }, false);
    expect(screen.queryByRole('button', { name: 'BOOK' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in with an e-mail code' })).toBeInTheDocument();
    const back = encodeURIComponent('/booking/?d1=2026-12-05&t1=11%3A00');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to book with a password' }));
    expect(push).toHaveBeenLastCalledWith(`/signin/?url=${back}`);
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(push).toHaveBeenLastCalledWith(`/signup/?url=${back}`);
  });
});
