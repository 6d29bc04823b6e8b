/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { DepositHeldLine } from './DepositHeldLine';
import { forgetDepositHold, rememberDepositHold } from './deposit-hold';
import { DEPOSIT_HOLD_UNREAD_MESSAGE } from './messages';

// The hold's schema loads only when the tab keeps a hold: a test can make that load fail, as a dropped connection does.
let mockSchemaLoads = true;
jest.mock('./deposit-hold-schema', () =>
  jest.requireActual('./test-support/load-on-demand').loadOnDemand(jest.requireActual('./deposit-hold-schema'), 'heldSchema', () => mockSchemaLoads),
);

const checkoutUrl = 'http://localhost:3000/demo-checkout/abcdefghijklmnopqrstuvwx/';

afterEach(() => {
  forgetDepositHold();
  jest.useRealTimers();
});

describe('the booking page back from the deposit checkout', () => {
  it('says until when the times are held (New York time) and leads back to the checkout, then nothing once the hold ran out', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-12-01T15:00:00.000Z') });
    rememberDepositHold({ id: '0b4f2c1e-8f57-4a55-9a55-1c5c4b7e3a10', checkoutUrl, expiresAt: Date.parse('2026-12-01T15:10:00.000Z') });
    render(<DepositHeldLine />);
    expect(await screen.findByTestId('deposit-held')).toHaveTextContent('Your times are held until 10:10 AM while the deposit is not paid. Back to the checkout to pay it');
    expect(screen.getByRole('link', { name: 'Back to the checkout' })).toHaveAttribute('href', checkoutUrl);
    act(() => {
      jest.advanceTimersByTime(10 * 60_000 + 100);
    });
    await waitFor(() => expect(screen.queryByTestId('deposit-held')).toBeNull());
    expect(window.sessionStorage.getItem('booking-deposit-hold')).toBeNull();
  });

  it('says so when the hold kept in the tab cannot be read (its code did not load), and keeps it', async () => {
    rememberDepositHold({ id: '0b4f2c1e-8f57-4a55-9a55-1c5c4b7e3a10', checkoutUrl, expiresAt: Date.now() + 10 * 60_000 });
    mockSchemaLoads = false;
    try {
      render(<DepositHeldLine />);
      expect(await screen.findByRole('alert')).toHaveTextContent(DEPOSIT_HOLD_UNREAD_MESSAGE);
      expect(window.sessionStorage.getItem('booking-deposit-hold')).not.toBeNull();
    } finally {
      mockSchemaLoads = true;
    }
  });

  it('shows nothing when no deposit checkout was opened from this tab', () => {
    render(<DepositHeldLine />);
    expect(screen.queryByTestId('deposit-held')).toBeNull();
  });
});
