import 'server-only';
import { localDateOf, nextDate } from '@/lib/booking/dates';
import { isPatchTest } from '@/lib/booking/customer-summary';
import { BOOKING_HORIZON_DAYS } from '@/lib/booking/horizon';
import { allServiceItems, depositRuleOf, isBookableAt, isOfferedAt, serviceById, therapistsDoing, therapistsFor } from '@/lib/catalog/catalog';
import { depositFor } from '@/lib/deposits/rule';
import type { LinkedServices } from '@/lib/booking/linked-services';
import type { BookingChannel } from '@/lib/booking/target';
import { formatServiceDuration, shownDurationMinutes } from '@/lib/catalog/format';
import type { ServiceItem } from '@/lib/catalog/schema';
import { ANY_THERAPIST_ID, AREA_IDS, LOCATIONS, SERVICE_TYPE_FLAGS } from '@/lib/catalog/tables';
import { areaOf, areaServiceIds, cardServiceIds, type BookingCard } from '@/lib/booking/card';
import type { BookingContext, CustomerSummary, PatchTestSuggestion, ServiceSummary, TherapistTable } from './booking-types';

// How far ahead the booking page offers dates: as far as the API books (lib/booking/horizon.ts).
export { BOOKING_HORIZON_DAYS };

const LASER_FLAGS: readonly number[] = [SERVICE_TYPE_FLAGS.LASER_WOMEN, SERVICE_TYPE_FLAGS.LASER_MEN];
export { isPatchTest };

export function summarise(item: ServiceItem): ServiceSummary {
  return {
    id: item.id,
    name: item.name,
    areaId: item.areaId,
    svcType: item.svcType,
    gen: item.gen,
    duration: item.duration,
    shownDuration: formatServiceDuration(item),
    shownMinutes: shownDurationMinutes(item),
    price: item.price,
    depositCents: depositFor(depositRuleOf(item.id), item.price),
    onlineAt: LOCATIONS.filter((location) => isBookableAt(item.id, location.id)).map((location) => location.id),
  };
}

/**
 * The services an address names that the card lacks, with their summaries, when they make one booking: known to the
 * catalogue, of one gender, bookable online at the named location. Anything else names nothing (undefined).
 */
export function linkedServicesContext(
  named: LinkedServices,
  card: BookingCard,
): { linked: { ids: string[]; location: number }; services: Record<string, ServiceSummary> } | undefined {
  if (named.location === undefined) return undefined;
  const location = named.location;
  const items = named.ids.map((id) => serviceById(id)).filter((item): item is ServiceItem => item !== undefined);
  if (items.length === 0 || items.length !== named.ids.length) return undefined;
  if (new Set(items.map((item) => item.gen)).size > 1 || !items.every((item) => isOfferedAt(location, item.svcType))) return undefined;
  const inCard = new Set(cardServiceIds(card));
  if (items.every((item) => inCard.has(item.id))) return undefined;
  return { linked: { ids: items.map((item) => item.id), location }, services: Object.fromEntries(items.map((item) => [item.id, summarise(item)])) };
}

/** The free patch test for each laser service of the card (same gender and body area), unless one is in the card. */
export function patchTestsFor(card: BookingCard): PatchTestSuggestion[] {
  const items = cardServiceIds(card)
    .map((id) => serviceById(id))
    .filter((item): item is ServiceItem => item !== undefined);
  if (items.some((item) => isPatchTest(item.svcType))) return [];
  const tests = allServiceItems().filter((item) => isPatchTest(item.svcType));
  const suggestions: PatchTestSuggestion[] = [];
  for (const laser of items.filter((item) => LASER_FLAGS.includes(item.svcType))) {
    const sameGender = tests.filter((test) => test.gen === laser.gen);
    const patch = sameGender.find((test) => test.bp === laser.bp) ?? sameGender[0];
    if (!patch || suggestions.some((s) => s.patch.id === patch.id)) continue;
    suggestions.push({ laserServiceId: laser.id, laserName: laser.name, patch: summarise(patch) });
  }
  return suggestions;
}

/** `allAreas`: therapists of every area (the desk adds services on the page and applies its slot's therapist at once). */
interface TableOptions {
  allAreas?: boolean;
  /** The desk books a service wherever a therapist does it; online, only where it is bookable online. */
  channel?: BookingChannel;
}

/**
 * Therapists of the card's areas at every location, so a location switch on the page needs no round trip: for an area
 * of the card, those who do every one of its services there (therapist_services), and online nobody named where one of
 * them is not bookable online (isBookableAt: the page says it is not offered there); for another area, those of the
 * area.
 */
export function therapistTable(card: BookingCard, { allAreas = false, channel = 'online' }: TableOptions = {}): TherapistTable {
  const areaIds = AREA_IDS.filter((id) => allAreas || areaOf(card, id) !== undefined);
  const servicesOf = (areaId: number) =>
    card.areas.filter((area) => area.area === areaId).flatMap((area) => areaServiceIds(area).map((id) => id.replace(/[{}]/g, '')));
  const table: TherapistTable = {};
  for (const location of LOCATIONS) {
    table[String(location.id)] = Object.fromEntries(
      areaIds.map((areaId) => {
        const ids = servicesOf(areaId);
        const doing = ids.length > 0 ? new Set(therapistsDoing(location.id, ids)) : undefined;
        const bookable = channel === 'desk' || ids.every((id) => isBookableAt(id, location.id));
        return [areaId, therapistsFor(location.id, areaId).filter((t) => t.id === ANY_THERAPIST_ID || (bookable && (!doing || doing.has(t.id))))];
      }),
    );
  }
  return table;
}

export function bookingContext(card: BookingCard, customer: CustomerSummary | null, now: number = Date.now(), table: TableOptions = {}): BookingContext {
  const patchTests = customer?.hasPatchTest ? [] : patchTestsFor(card);
  const services: Record<string, ServiceSummary> = {};
  for (const id of cardServiceIds(card)) {
    const item = serviceById(id);
    if (item) services[id] = summarise(item);
  }
  for (const suggestion of patchTests) services[suggestion.patch.id] = suggestion.patch;
  const today = localDateOf(now);
  return { services, therapists: therapistTable(card, table), customer, patchTests, today, lastDay: nextDate(today, BOOKING_HORIZON_DAYS) };
}
