'use client';

import { useEffect } from 'react';
import { cardServiceIds, emptyBookingCard } from '@/lib/booking/card';
import { cardRequests } from '@/stores/card-requests';
import { useStoreApis } from '@/stores/provider';
import { forgetDepositHold } from './deposit-hold';
import { NOTES_STORAGE_KEY } from './messages';

/**
 * A visit booked by its deposit's payment: the booking page kept its card while the customer paid at the shop (back
 * from the checkout, it is still there), so the confirmation empties it, when it holds this visit's services only.
 */
export function ClearBookedCard({ serviceIds }: { serviceIds: readonly string[] }) {
  const { card } = useStoreApis();
  useEffect(() => {
    // The hold the booking page would announce on the way back is this booking's: it is over.
    forgetDepositHold();
    const current = card.getState().card;
    const inCard = cardServiceIds(current);
    const booked = new Set(serviceIds.map((id) => id.toLowerCase()));
    if (inCard.length === 0 || !inCard.every((id) => booked.has(id.replace(/[{}]/g, '').toLowerCase()))) return;
    cardRequests(card).createSucceeded(emptyBookingCard({ customerId: current.customerId, location: current.location, gender: current.gender }));
    window.sessionStorage.removeItem(NOTES_STORAGE_KEY);
  }, [card, serviceIds]);
  return null;
}
