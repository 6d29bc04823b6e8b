import { formatDuration, shownDurationMinutes } from '@/lib/catalog/format';
import { MAX_SERVICE_MINUTES, MIN_SERVICE_MINUTES, SERVICE_MINUTES_STEP } from '@/lib/catalog/schema';
import type { ServiceView } from './views';

/**
 * What the duration's hint says customers see. Massage, cupping and add-ons show 15 minutes less than they book (the
 * booked time includes a changeover: lib/catalog/format.ts); the editor said only 'the time it books', and a 15-minute
 * add-on showed as '0 min'.
 */
export function durationHint(service?: Pick<ServiceView, 'duration' | 'svcType' | 'name'>): string {
  const range = `${MIN_SERVICE_MINUTES} to ${MAX_SERVICE_MINUTES} minutes in steps of ${SERVICE_MINUTES_STEP}: the time it books.`;
  if (!service) return `${range} Massage, cupping and add-ons show customers 15 minutes less (a changeover is booked with them).`;
  const shown = shownDurationMinutes({ duration: service.duration, svcType: service.svcType, title: service.name, name: service.name });
  if (shown === service.duration) return range;
  return `${range} Customers see ${shown > 0 ? formatDuration(shown) : 'no time at all'}: 15 minutes less, the changeover booked with it.${shown > 0 ? '' : ' Give it at least 30.'}`;
}
