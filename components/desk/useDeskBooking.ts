import { useMemo, useRef } from 'react';
import { cardServiceCount, type BookingCard, type MergeMode } from '@/lib/booking/card';
import type { Offers } from '@/stores/card-edits';
import { useStoreApis } from '@/stores/provider';
import type { BookingContext, ServiceSummary } from '@/components/booking/booking-types';
import type { BookingPageDispatch } from '@/components/booking/use-booking-page';
import type { DeskSlotPage } from './desk-slot';

/**
 * What the booking page does only when staff book for a customer (back-office mode, /booking/{custid}/): services
 * offered where a therapist does them, the desk's slot applied to the cart, its own service search, and a cart left
 * from another customer set aside. The work is in desk-slot.ts, loaded only then; without back-office mode every part
 * is inert.
 */
export function useDeskBooking(context: BookingContext, dispatch: BookingPageDispatch) {
  const stores = useStoreApis();
  const backOffice = context.backOffice ?? null;
  const setAside = useRef(false);
  // The desk books where a therapist does the service (Williamsburg too), not where it is bookable online.
  const offers = useMemo<Offers | undefined>(() => {
    if (!backOffice) return undefined;
    const at = new Map(backOffice.services.map((option) => [option.id, option.at]));
    return (location, service) => at.get(service.id)?.includes(Number(location)) ?? false;
  }, [backOffice]);

  const withDesk = (act: (desk: typeof import('./desk-slot'), page: DeskSlotPage) => void) => {
    if (backOffice) void import('./desk-slot').then((desk) => act(desk, { stores, context, backOffice, dispatch, offers }));
  };

  return {
    backOffice,
    offers,
    /**
     * How the customer's card joins the cart: at the desk the cart is the staff member's own, so what was chosen for
     * another customer (a caller who hung up) is not carried over to this one (and the desk is told on arrival).
     */
    mergeMode: (current: BookingCard): MergeMode => {
      setAside.current = backOffice !== null && current.customerId !== '' && cardServiceCount(current) > 0;
      return setAside.current ? 'replace' : 'customer';
    },
    /** On arrival: the slot's location, then its therapist, day and time for every area of the cart. */
    arrive: () => withDesk((desk, page) => desk.arriveAtDeskSlot(page, setAside.current)),
    addService: (service: ServiceSummary) => withDesk((desk, page) => desk.addDeskService(page, service)),
  };
}
