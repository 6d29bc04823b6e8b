'use client';

import { formatMoneyCents } from '@/lib/catalog/format';
import Link from '@/components/ui/AppLink';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { formatInstantInNewYork } from './format';

/** The deposit as /api/deposits/{id}/ answers it (lib/deposits/handlers.ts). */
export interface WaitingDeposit {
  id: string;
  status: 'awaiting_payment' | 'booked' | 'released' | 'credited';
  amountCents: number;
  creditCents: number;
  expiresAt: string;
}

const answerSchema = z.object({
  deposit: z.object({ id: z.string(), status: z.enum(['awaiting_payment', 'booked', 'released', 'credited']), amountCents: z.number(), creditCents: z.number(), expiresAt: z.string() }),
});

/** How often the page asks, and for how long before it asks the customer to refresh instead. */
export const DEPOSIT_POLL_MS = 2000;
const DEPOSIT_POLL_LIMIT = 150;

/**
 * The confirmation page while the deposit's payment is on its way (issue 37): a progress line that asks the salon
 * every two seconds and, once the store's webhook has booked the visit, shows the confirmation (the booking has the
 * deposit's id, so the same address). Without scripts, a link refreshes the page. A hold that ran out and a payment
 * that came too late each say what happened and what to do; a late payment can still book, so the page keeps asking.
 */
export function DepositWait({ deposit: initial }: { deposit: WaitingDeposit }) {
  const router = useRouter();
  const [deposit, setDeposit] = useState(initial);
  const [stale, setStale] = useState(false);
  const [giving, setGiving] = useState<'idle' | 'sending' | 'failed'>('idle');
  const asked = useRef(0);
  const due = deposit.amountCents - deposit.creditCents;

  useEffect(() => {
    if (deposit.status === 'booked') {
      router.refresh();
      return;
    }
    if (deposit.status === 'credited') return;
    const timer = setInterval(async () => {
      if (++asked.current > DEPOSIT_POLL_LIMIT) {
        clearInterval(timer);
        setStale(true);
        return;
      }
      try {
        const response = await fetch(`/api/deposits/${deposit.id}/`, { headers: { accept: 'application/json' }, cache: 'no-store' });
        const parsed = answerSchema.safeParse(await response.json());
        if (response.ok && parsed.success && parsed.data.deposit.status !== deposit.status) setDeposit(parsed.data.deposit);
      } catch {
        // A missed answer: the next one comes in two seconds.
      }
    }, DEPOSIT_POLL_MS);
    return () => clearInterval(timer);
  }, [deposit.id, deposit.status, router]);

  /** 'Let the times go': the deposit ends at once (DELETE), or, if it was paid meanwhile, the page shows what is now. */
  async function giveUp() {
    setGiving('sending');
    try {
      const response = await fetch(`/api/deposits/${deposit.id}/`, { method: 'DELETE', headers: { accept: 'application/json' } });
      if (response.status === 204) {
        setDeposit((previous) => ({ ...previous, status: 'released' }));
        setGiving('idle');
        return;
      }
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (response.status === 409 && parsed.success) {
        setDeposit(parsed.data.deposit);
        setGiving('idle');
        return;
      }
      setGiving('failed');
    } catch {
      setGiving('failed');
    }
  }

  const refresh = (
    <a href={`/booking/confirmation/${deposit.id}/`} className="font-semibold text-brand-700 underline">
      Refresh this page
    </a>
  );

  if (deposit.status === 'credited') {
    return (
      <div className="flex flex-col gap-4">
        <h1 tabIndex={-1} className="text-3xl font-bold">
          Your deposit is account credit
        </h1>
        <p role="status" className="rounded-lg bg-amber-50 p-4 text-lg font-semibold text-amber-950">
          Your payment arrived after the times you chose were taken, so nothing was booked. The {formatMoneyCents(due)} is credit on your account: your next deposit or
          package uses it first. We sent you an e-mail about it.
        </p>
        <p className="flex flex-wrap gap-4">
          <Link href="/booking/" className="min-h-12 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
            Choose another time
          </Link>
          <Link href="/account/" className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700">
            Your account
          </Link>
        </p>
      </div>
    );
  }

  if (deposit.status === 'released') {
    return (
      <div className="flex flex-col gap-4">
        <h1 tabIndex={-1} className="text-3xl font-bold">
          Your held times were released
        </h1>
        <p role="status" className="rounded-lg bg-amber-50 p-4 text-lg font-semibold text-amber-950">
          The deposit was not paid within the 10 minutes the times were held, so nothing is booked. If you paid just now, this page shows your booking as soon as the shop
          confirms it (or your payment becomes credit on your account if the times were taken meanwhile).
        </p>
        <p className="flex flex-wrap gap-4">
          <Link href="/booking/" className="min-h-12 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
            Choose a time again
          </Link>
          <span className="self-center">{refresh}</span>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 tabIndex={-1} className="text-3xl font-bold">
        {deposit.status === 'booked' ? 'Booking confirmed' : 'Waiting for your deposit'}
      </h1>
      <p role="status" aria-live="polite" className="flex items-center gap-3 rounded-lg bg-brand-50 p-4 text-lg font-semibold" data-testid="deposit-progress">
        {deposit.status === 'booked' ? (
          'Your deposit is paid and your visit is booked. Opening your confirmation…'
        ) : (
          <>
            <span aria-hidden="true" className="inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none" />
            <span>
              Waiting for the shop to confirm your deposit of {formatMoneyCents(due)}… Your times are held until {formatInstantInNewYork(deposit.expiresAt)}.
            </span>
          </>
        )}
      </p>
      {stale ? <p>This is taking longer than usual. {refresh} in a moment, or call the salon.</p> : null}
      {deposit.status === 'awaiting_payment' ? (
        <div className="flex flex-col gap-2">
          <p>Changed your mind? Nothing is charged until you pay at the checkout.</p>
          <button
            type="button"
            onClick={() => {
              if (giving !== 'sending') void giveUp();
            }}
            aria-disabled={giving === 'sending'}
            className="min-h-12 self-start rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700 aria-disabled:opacity-70"
          >
            {giving === 'sending' ? 'Letting the times go…' : 'Let the times go'}
          </button>
          {giving === 'failed' ? (
            <p role="alert" className="font-semibold text-red-900">
              We could not reach the salon. The times are let go by themselves when the 10 minutes are over.
            </p>
          ) : null}
        </div>
      ) : null}
      <noscript>
        <p>This page does not update by itself without JavaScript: {refresh} once you have paid.</p>
      </noscript>
    </div>
  );
}
