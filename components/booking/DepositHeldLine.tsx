'use client';

import { useEffect, useState } from 'react';
import { formatHeldUntil, readDepositHold, type DepositHold } from './deposit-hold';
import { DEPOSIT_HOLD_UNREAD_MESSAGE } from './messages';

/**
 * Back from the deposit's checkout (the browser's Back, a restored or a reloaded page): until when the times are still
 * held, and the way back to the checkout. Gone once the hold runs out.
 */
export function DepositHeldLine() {
  const [hold, setHold] = useState<DepositHold | undefined>(undefined);
  const [unread, setUnread] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The latest read wins: a pageshow's read can overtake one still loading the hold's schema.
    let reads = 0;
    const read = () => {
      clearTimeout(timer);
      const mine = ++reads;
      readDepositHold().then(
        (current) => {
          if (mine !== reads) return;
          setUnread(false);
          setHold(current);
          if (current) timer = setTimeout(read, Math.min(current.expiresAt - Date.now() + 50, 2_147_000_000));
        },
        () => {
          if (mine === reads) setUnread(true);
        },
      );
    };
    read();
    window.addEventListener('pageshow', read);
    return () => {
      reads = -1;
      clearTimeout(timer);
      window.removeEventListener('pageshow', read);
    };
  }, []);

  if (unread) {
    return (
      <p role="alert" data-testid="deposit-held" className="rounded-lg bg-amber-50 p-4 text-amber-950">
        {DEPOSIT_HOLD_UNREAD_MESSAGE}
      </p>
    );
  }
  if (!hold) return null;
  return (
    <p role="status" data-testid="deposit-held" className="rounded-lg bg-amber-50 p-4 text-amber-950">
      Your times are held until <strong>{formatHeldUntil(hold.expiresAt)}</strong> while the deposit is not paid.{' '}
      <a href={hold.checkoutUrl} className="font-semibold text-brand-800 underline">
        Back to the checkout
      </a>{' '}
      to pay it; pressing BOOK again starts a new checkout.
    </p>
  );
}
