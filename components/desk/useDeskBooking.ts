import { useCallback, useMemo } from 'react';
import { wireLocation, type MergeMode } from '@/lib/booking/card';
import { ANY_THERAPIST_ID, AREAS, type AreaId } from '@/lib/catalog/tables';
import { cardServiceCount, type AppointmentCard } from '@/lib/persistence/model';
import { addFromMenu, chooseBookingLocation } from '@/stores/booking-location';
import type { Offers } from '@/stores/card-edits';
import { useStoreApis } from '@/stores/provider';
import type { BookingContext, ServiceSummary } from '@/components/booking/booking-types';
import type { BookingPageDispatch } from '@/components/booking/use-booking-page';

/** The desk opened the booking page of another customer than the cart's: the services chosen for that one go. */
export const OTHER_CUSTOMERS_SERVICES_REMOVED = 'The services chosen for the previous customer were taken out of the cart. Add this customer’s services.';

/**
 * What the booking page does only when staff book for a customer (back-office mode, /booking/{custid}/): services
 * offered where a therapist does them, the desk's slot applied to the cart, its own service search, and a cart left
 * from another customer set aside. Without back-office mode every part is inert.
 */
export function useDeskBooking(context: BookingContext, dispatch: BookingPageDispatch) {
  const stores = useStoreApis();
  const backOffice = context.backOffice ?? null;
  // The desk books where a therapist does the service (Williamsburg too), not where it is bookable online.
  const offers = useMemo<Offers | undefined>(() => {
    if (!backOffice) return undefined;
    const at = new Map(backOffice.services.map((option) => [option.id, option.at]));
    return (location, service) => at.get(service.id)?.includes(Number(location)) ?? false;
  }, [backOffice]);

  /** The desk's slot (therapist where the area has them, date, time) for these areas of the cart. */
  const applySlot = useCallback(
    (areaIds: readonly number[]) => {
      const slot = backOffice?.slot;
      if (!slot) return;
      for (const areaId of areaIds) {
        const card = stores.card.getState().card;
        const area = card.svcAreas.find((a) => a.areaId === areaId);
        if (!area) continue;
        const here = wireLocation(card.header.location);
        const offered = slot.therapist !== undefined && (context.therapists[here]?.[areaId as AreaId] ?? []).some((t) => t.id === slot.therapist);
        if (slot.therapist !== undefined && slot.therapist !== ANY_THERAPIST_ID && !offered) {
          // The free time was the slot's therapist's, who does not do this area: say so rather than book another.
          const named = Object.values(context.therapists[here] ?? {})
            .flat()
            .find((t) => t?.id === slot.therapist)?.name;
          stores.ui.getState().notify({
            variant: 'warning',
            message: `${named ?? 'The therapist of that time'} does not do ${AREAS[areaId as AreaId] ?? 'this area'}: choose a therapist and time for it.`,
          });
        }
        dispatch({ type: 'slot', areaId, therapist: offered ? slot.therapist! : area.svcTherapist, date: slot.date ?? '', ...(slot.time ? { time: slot.time } : {}) });
      }
    },
    [backOffice, context.therapists, stores, dispatch],
  );

  /** On arrival: the slot's location, then its therapist, day and time for every area of the cart. */
  const arrive = () => {
    if (!backOffice) return;
    const at = backOffice.slot.location;
    if (at !== undefined && at !== wireLocation(stores.card.getState().card.header.location)) {
      chooseBookingLocation(stores, at, { nameOf: (serviceId) => context.services[serviceId]?.name, offers });
    }
    applySlot(stores.card.getState().card.svcAreas.map((area) => area.areaId));
  };

  /**
   * How the customer's card joins the cart: at the desk the cart is the staff member's own, so what was chosen for
   * another customer (a caller who hung up) is not carried over to this one, and the desk is told so.
   */
  const mergeMode = (current: AppointmentCard): MergeMode => {
    const leftOver = backOffice !== null && current.header.customerId !== '' && cardServiceCount(current) > 0;
    if (!leftOver) return 'customer';
    stores.ui.getState().notify({ variant: 'info', message: OTHER_CUSTOMERS_SERVICES_REMOVED, duration: 10_000 });
    return 'replace';
  };

  /** A service found with the desk's search: added where a therapist does it, then the slot applies to its area. */
  const addService = (service: ServiceSummary) => {
    addFromMenu(
      stores,
      { id: service.id, areaId: service.areaId, svcTypeId: service.svcType, gen: service.gen, duration: service.duration },
      {
        serviceName: service.name,
        loadNames: async () => (id) => context.services[id]?.name,
        offers,
        onPlaced: (result) => {
          if (result === 'added' || result === 'replaced') applySlot([service.areaId]);
        },
      },
    );
  };

  return { backOffice, offers, arrive, mergeMode, addService };
}
