import { formatUsd } from '@/lib/catalog/format';
import { serviceById } from '@/lib/catalog/catalog';
import { cardServiceIds, type AppointmentCard } from '@/lib/persistence/model';

/**
 * The price of the services in a booking card, from the catalogue (the cookie holds ids only), formatted. Loaded
 * with import() by the booking bar once the card holds something, so the catalogue is not a catalogue page's
 * first-load JavaScript.
 */
export function bookingTotal(card: AppointmentCard): string {
  return formatUsd(cardServiceIds(card).reduce((sum, id) => sum + (serviceById(id)?.price ?? 0), 0));
}
