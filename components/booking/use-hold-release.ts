'use client';

import { useEffect } from 'react';

/**
 * The booking page's side of holds (lib/booking/holds.ts): the sign-in step places them; this ends them when the
 * customer leaves the page (another page of the site, another site, the tab closed). Booking ends them on the
 * server. A DELETE with keepalive outlives the page; a lost one leaves the hold to expire in 10 minutes.
 */
let holding = false;

export function markHolding(on: boolean): void {
  holding = on;
}

export function releaseHold(): void {
  if (!holding) return;
  holding = false;
  fetch('/api/holds/', { method: 'DELETE', keepalive: true }).catch((error: unknown) => console.warn('The held times could not be released; they expire on their own', error));
}

export function useHoldRelease(): void {
  useEffect(() => {
    window.addEventListener('pagehide', releaseHold);
    return () => {
      window.removeEventListener('pagehide', releaseHold);
      releaseHold();
    };
  }, []);
}
