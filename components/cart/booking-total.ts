import { formatUsd } from '@/lib/catalog/format';
import { serviceById } from '@/lib/catalog/catalog';
import { followLiveCatalog } from '@/lib/catalog/live-overlay';
import { cardServiceIds, type BookingCard } from '@/lib/booking/card';

/**
 * The price of the services in a booking card, from the catalogue (the cookie holds ids only) as the site publishes it
 * now (lib/catalog/live-overlay.ts), formatted. Loaded with import() by the booking bar once the card holds something,
 * so the catalogue is not a catalogue page's first-load JavaScript. If the published changes cannot be fetched, the
 * seed's prices are shown and the failure is said on the console.
 */
export async function bookingTotal(card: BookingCard): Promise<string> {
  await followLiveCatalog().catch((error: unknown) => console.error('Could not load the latest prices of the catalogue', error));
  return formatUsd(cardServiceIds(card).reduce((sum, id) => sum + (serviceById(id)?.price ?? 0), 0));
}
