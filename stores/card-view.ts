import { cardFromWire, type BookingArea, type BookingCard } from '@/lib/booking/card';
import type { AppointmentCard } from '@/lib/persistence/model';

/*
 * The card store still keeps the specification's shape (the cookie codec and the merge of another tab's write read
 * it); the components read the card through this door, with named fields (lib/booking/card.ts). Each card the store
 * holds is read once: the store replaces its card on every edit, so a card object never changes under its reading.
 * Not first-load code: the drawers and the booking page import it.
 */
const read = new WeakMap<AppointmentCard, BookingCard>();

/** The domain card of the store's card. */
export function bookingCardOf(card: AppointmentCard): BookingCard {
  let domain = read.get(card);
  if (!domain) {
    domain = cardFromWire(card);
    read.set(card, domain);
  }
  return domain;
}

/** The service ids of the card, area by area. */
export function cardServiceIdsOf(card: BookingCard): string[] {
  return card.areas.flatMap(areaServiceIds);
}

/** The service ids of an area, in the card's order. */
export function areaServiceIds(area: BookingArea): string[] {
  return area.services.map((service) => service.id);
}

/** The area's day ('YYYY-MM-DD'), '' while none is chosen: the store keeps a day, never a time (withDate). */
export function areaDay(area: BookingArea): string {
  return area.when.kind === 'day' || area.when.kind === 'time' ? area.when.date : '';
}

/** The area of the card with this id, if the card has one. */
export function areaOf(card: BookingCard, areaId: number): BookingArea | undefined {
  return card.areas.find((area) => area.area === areaId);
}
