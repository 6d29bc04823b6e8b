'use client';

import { useEffect, useState } from 'react';
import { formatHeldUntil, readDepositHold, type DepositHold } from './deposit-hold';

/**
 * Back from the deposit's checkout (the browser's Back, a restored or a reloaded page): until when the times are still
 * held, and the way back to the checkout. Gone once the hold runs out.
 */
export function DepositHeldLine() {
  const [hold, setHold] = useState<DepositHold | undefined>(undefined);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      clearTimeout(timer);
      const current = readDepositHold();
      setHold(current);
      if (current) timer = setTimeout(read, Math.min(current.expiresAt - Date.now() + 50, 2_147_000_000));
    };
    read();
    window.addEventListener('pageshow', read);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pageshow', read);
    };
  }, []);

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
