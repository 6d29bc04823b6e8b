import { normaliseLocation } from '@/lib/catalog/location-table';
import { offeredOnline, type Offers } from '@/stores/card-edits';
import type { ServiceSummary } from './booking-types';

/**
 * Where the booking page's services are booked online: each at the locations the server read for it (isBookableAt,
 * the owner's 'Bookable online at'); one the page has no summary of yet (added in another tab) by its type.
 */
export function onlineOffers(services: Readonly<Record<string, ServiceSummary>>): Offers {
  return (location, service) => services[service.id]?.onlineAt.includes(normaliseLocation(location)) ?? offeredOnline(location, service);
}
