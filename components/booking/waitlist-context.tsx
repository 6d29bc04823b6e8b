'use client';

import { createContext, useMemo, type ReactNode } from 'react';

/** What a customer who found no time asks for: the day and one area, or the whole visit (its areas in order). */
export interface WaitlistWish {
  location: string;
  date: string;
  kind: 'area' | 'visit';
  areas: { areaId: number; therapistId: number; minutes: number }[];
}

/**
 * The booking page offers the waitlist (BookingLoader provides it); elsewhere (a reschedule on the account page) the
 * pickers offer nothing. `signedIn` says whether the customer can join at once or must sign in first.
 */
export const WaitlistContext = createContext<{ signedIn: boolean } | null>(null);

/** Set by the booking page's loader around the booking view. */
export function WaitlistProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const value = useMemo(() => ({ signedIn }), [signedIn]);
  return <WaitlistContext value={value}>{children}</WaitlistContext>;
}
