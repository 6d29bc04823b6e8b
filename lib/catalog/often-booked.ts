import type { ServiceItem } from './schema';
import { tabIdForFlag, type ServiceTypeFlag } from './tables';

/**
 * 'Often booked with it' on a service's page: up to four services to add in one tap. First those booked in the same
 * visit as this one over the last year (lib/catalog/co-bookings.ts counts them in SQL), most often first; where that
 * history is thin, the rest of the same menu (the service's tab, of its gender) in the menu's order. Only services of
 * the same gender (a booking is for one gender) that the page's location offers online, never the service itself.
 */

export const OFTEN_BOOKED_SHOWN = 4;
/** How far back a visit counts. */
export const CO_BOOKING_DAYS = 365;

/** For each service id: the services booked in the same visits, [id, visits], most visits first. */
export type CoBookings = Readonly<Record<string, readonly (readonly [serviceId: string, visits: number])[]>>;

export function oftenBookedWith(
  item: ServiceItem,
  { coBookings, services, offered }: { coBookings: CoBookings; services: readonly ServiceItem[]; offered: (candidate: ServiceItem) => boolean },
): ServiceItem[] {
  const byId = new Map(services.map((service) => [service.id, service]));
  const fits = (candidate: ServiceItem | undefined): candidate is ServiceItem =>
    candidate !== undefined && candidate.id !== item.id && candidate.gen === item.gen && offered(candidate);
  const chosen: ServiceItem[] = [];
  const take = (candidate: ServiceItem | undefined) => {
    if (chosen.length < OFTEN_BOOKED_SHOWN && fits(candidate) && !chosen.includes(candidate)) chosen.push(candidate);
  };
  for (const [id] of coBookings[item.id] ?? []) take(byId.get(id));
  const tab = tabIdForFlag(item.svcType as ServiceTypeFlag);
  for (const service of services) if (tabIdForFlag(service.svcType as ServiceTypeFlag) === tab) take(service);
  return chosen;
}
