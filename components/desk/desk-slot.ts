import { ANY_THERAPIST_ID, AREAS, type AreaId } from '@/lib/catalog/tables';
import { addFromMenu, chooseBookingLocation } from '@/stores/booking-location';
import type { Offers } from '@/stores/card-edits';
import { areaOf } from '@/lib/booking/card';
import type { AppStores } from '@/stores/create-stores';
import type { BackOffice, BookingContext, ServiceSummary } from '@/components/booking/booking-types';
import type { BookingPageDispatch } from '@/components/booking/use-booking-page';

/*
 * The desk's slot and search on the booking page (back-office mode): loaded only when staff book for a customer, so a
 * customer's booking page does not carry them.
 */

/** The desk opened the booking page of another customer than the cart's: the services chosen for that one go. */
export const OTHER_CUSTOMERS_SERVICES_REMOVED = 'The services chosen for the previous customer were taken out of the cart. Add this customer’s services.';

export interface DeskSlotPage {
  stores: AppStores;
  context: BookingContext;
  backOffice: BackOffice;
  dispatch: BookingPageDispatch;
  offers: Offers | undefined;
}

/** The desk's slot (therapist where the area has them, date, time) for these areas of the cart. */
export function applyDeskSlot({ stores, context, backOffice, dispatch }: DeskSlotPage, areaIds: readonly number[]): void {
  const slot = backOffice.slot;
  for (const areaId of areaIds) {
    const card = stores.card.getState().card;
    const area = areaOf(card, areaId);
    if (!area) continue;
    const here = card.location;
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
    const therapist = offered ? slot.therapist! : area.therapist;
    if (therapist !== area.therapist) dispatch({ type: 'therapist', areaId, therapist });
    if (!slot.date) continue;
    dispatch({ type: 'date', areaId, date: slot.date });
    if (slot.time) dispatch({ type: 'time', areaId, time: slot.time });
  }
}

/**
 * On arrival: the slot's location, then its therapist, day and time for every area of the cart; `setAside` says that
 * a cart chosen for another customer was not carried over.
 * @public useDeskBooking loads this module on demand with import(), which the dead-code check does not follow.
 */
export function arriveAtDeskSlot(page: DeskSlotPage, setAside: boolean): void {
  const { stores, context, backOffice, offers } = page;
  if (setAside) stores.ui.getState().notify({ variant: 'info', message: OTHER_CUSTOMERS_SERVICES_REMOVED, duration: 10_000 });
  const at = backOffice.slot.location;
  if (at !== undefined && at !== stores.card.getState().card.location) {
    chooseBookingLocation(stores, at, { nameOf: (serviceId) => context.services[serviceId]?.name, offers });
  }
  applyDeskSlot(page, stores.card.getState().card.areas.map((area) => area.area));
}

/**
 * A service found with the desk's search: added where a therapist does it, then the slot applies to its area.
 * @public as arriveAtDeskSlot.
 */
export function addDeskService(page: DeskSlotPage, service: ServiceSummary): void {
  const { stores, context, offers } = page;
  addFromMenu(
    stores,
    { id: service.id, areaId: service.areaId, svcTypeId: service.svcType, gen: service.gen, duration: service.duration },
    {
      serviceName: service.name,
      loadNames: async () => (id) => context.services[id]?.name,
      offers,
      onPlaced: (result) => {
        if (result === 'added' || result === 'replaced') applyDeskSlot(page, [service.areaId]);
      },
    },
  );
}
