/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import type { FormState } from '@/components/forms/form-state';
import type { SignedIn } from '@/components/account/account-state';
import { codeSignInAction } from '@/components/account/code-actions';
import { BookingSubmit } from './BookingSubmit';
import { CHECK_PACKAGE_MESSAGE } from './messages';
import type { AutoBook, BookingStatus } from './use-booking-submit';

const push = jest.fn();
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh }) }));
// The sign-in step's server action: its own tests are in BookingSignIn.test.tsx.
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));

const stores = createAppStores();
// jsdom lays nothing out.
Element.prototype.scrollIntoView = jest.fn();
function submit(status: BookingStatus, signedIn: boolean, onBook: () => void, autoBook: AutoBook, codeSent?: FormState) {
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <StoresProvider stores={stores}>
        <BookingSubmit status={status} signedIn={signedIn} onBook={onBook} holdBody={() => undefined} autoBook={autoBook} codeSent={codeSent} />
      </StoresProvider>
    </SWRConfig>
  );
}

function renderSubmit(status: BookingStatus, signedIn: boolean, onBook = jest.fn()) {
  render(submit(status, signedIn, onBook, { book: true }));
  return onBook;
}

const CODE_STEP: FormState = { outcome: 'ok', message: 'We have sent a six-digit code to that address.', fields: {}, values: { email: 'ada@example.com', step: 'code' } };
const SIGNED_IN: FormState<SignedIn> = { outcome: 'ok', fields: {}, values: {}, data: { profile: { id: 'id-1', name: 'Ada', email: 'ada@example.com' }, returnPath: '/booking/' } };

/** Signs in on the page with the code (its sixth digit sends it), then shows the page the refresh brings back. */
async function signInHere(autoBook: AutoBook) {
  jest.mocked(codeSignInAction).mockResolvedValueOnce(SIGNED_IN);
  const onBook = jest.fn();
  const view = render(submit({ kind: 'idle' }, false, onBook, autoBook, CODE_STEP));
  await userEvent.type(await screen.findByLabelText('Code from the e-mail'), '123456');
  await waitFor(() => expect(refresh).toHaveBeenCalled());
  view.rerender(submit({ kind: 'idle' }, true, onBook, autoBook));
  return onBook;
}

beforeEach(() => {
  push.mockClear();
  refresh.mockClear();
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
    expect(await screen.findByRole('form', { name: 'Sign in with an e-mail code' })).toBeInTheDocument();
    const back = encodeURIComponent('/booking/?d1=2026-12-05&t1=11%3A00');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to book with a password' }));
    expect(push).toHaveBeenLastCalledWith(`/signin/?url=${back}`);
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(push).toHaveBeenLastCalledWith(`/signup/?url=${back}`);
  });

  it('signed in on the page with every time chosen and nothing to confirm, books by itself, once', async () => {
    const onBook = await signInHere({ book: true });
    await waitFor(() => expect(onBook).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'BOOK' })).toHaveFocus();
  });

  it('signed in on the page with something to confirm, waits for BOOK and says what to check', async () => {
    const onBook = await signInHere({ book: false, say: CHECK_PACKAGE_MESSAGE });
    expect(await screen.findByText(CHECK_PACKAGE_MESSAGE)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'BOOK' })).toHaveFocus();
    expect(onBook).not.toHaveBeenCalled();
  });

  it('a customer signed in before opening the page is not booked for: BOOK waits', () => {
    const onBook = jest.fn();
    render(submit({ kind: 'idle' }, true, onBook, { book: true }));
    expect(onBook).not.toHaveBeenCalled();
  });
});
