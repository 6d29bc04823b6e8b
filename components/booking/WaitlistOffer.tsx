'use client';

import Link from '@/components/ui/AppLink';
import { useContext, useState } from 'react';
import { z } from 'zod';
import { formatDay } from './format';
import { NETWORK_FAILURE_MESSAGE } from './messages';
import { areaOf, areaServiceIds, type BookingCard } from '@/lib/booking/card';
import { useStoreApis } from '@/stores/provider';
import { WaitlistContext, type WaitlistWish } from './waitlist-context';

const errorSchema = z.object({ error: z.object({ message: z.string() }) });

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'joined' } | { kind: 'error'; message: string };

/** The wish with each area's services from the booking cart: the freed-time mail's link brings them on any device. */
export function withCartServices(wish: WaitlistWish, card: BookingCard) {
  return {
    ...wish,
    areas: wish.areas.map((area) => {
      const inCard = areaOf(card, area.areaId);
      const services = inCard ? areaServiceIds(inCard) : [];
      return services.length > 0 ? { ...area, services } : area;
    }),
  };
}

/** Under 'no time on this day': ask to be told by e-mail if a fitting time frees up (POST /api/waitlist/). */
export function WaitlistOffer({ wish }: { wish: WaitlistWish }) {
  const setting = useContext(WaitlistContext);
  const stores = useStoreApis();
  const key = JSON.stringify(wish);
  const [state, setState] = useState<{ for: string; state: State }>({ for: key, state: { kind: 'idle' } });
  if (!setting) return null;
  const current = state.for === key ? state.state : { kind: 'idle' as const };
  const day = formatDay(wish.date);

  if (!setting.signedIn) {
    return (
      <p className="mt-3 rounded-lg border border-brand-100 bg-white p-3 text-sm">
        Want to hear if a time frees up on {day}?{' '}
        <a href="#booking-signin" className="font-semibold text-brand-700 underline">
          Sign in below
        </a>{' '}
        and join the waitlist for this day.
      </p>
    );
  }

  async function join() {
    setState({ for: key, state: { kind: 'sending' } });
    try {
      const response = await fetch('/api/waitlist/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(withCartServices(wish, stores.card.getState().card)),
      });
      if (response.ok) {
        setState({ for: key, state: { kind: 'joined' } });
        return;
      }
      const answer = errorSchema.safeParse(await response.json().catch(() => null));
      const message =
        response.status === 401 ? 'Please sign in again to join the waitlist.' : answer.success ? answer.data.error.message : 'The waitlist could not be joined. Please try again.';
      setState({ for: key, state: { kind: 'error', message } });
    } catch {
      setState({ for: key, state: { kind: 'error', message: NETWORK_FAILURE_MESSAGE } });
    }
  }

  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg border border-brand-100 bg-white p-3 text-sm">
      {current.kind === 'joined' ? (
        <p role="status">
          You are on the waitlist for {day}. We will e-mail you if a fitting time frees up; it is not held for you, so book it soon. See or leave
          your waitlist on{' '}
          <Link href="/account/" prefetch={false} className="font-semibold text-brand-700 underline">
            your account page
          </Link>
          .
        </p>
      ) : (
        <>
          <p>We can e-mail you if a fitting time frees up on {day}.</p>
          <button
            type="button"
            onClick={() => void join()}
            disabled={current.kind === 'sending'}
            className="min-h-11 self-start rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 disabled:opacity-70"
          >
            {current.kind === 'sending' ? 'Joining the waitlist…' : 'Tell me if a time frees up'}
          </button>
          {current.kind === 'error' ? (
            <p role="alert" className="font-semibold text-red-800">
              {current.message}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
