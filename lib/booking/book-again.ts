import { isBookableAt, serviceById, therapistsDoing } from '@/lib/catalog/catalog';
import { LOCATIONS, type LocationId } from '@/lib/catalog/tables';
import { normaliseLocation } from '@/lib/catalog/location-table';
import { CARD_MAX_SERVICES } from '@/lib/persistence/model';
import { isUpcoming, type BookedBooking } from './booked';
import { genderOf, type BookingArea, type BookingCard, type BookingService, type Gender } from './card';

/**
 * 'Book again' and 'Book a session' on the account page: the booking cart a past visit or a package's service makes.
 * The cart is replaced, not added to (a visit is booked again as it was; a cart of another gender or location could
 * not hold it anyway), and its times are left to choose. Pure over the catalogue: the route writes it as the card
 * cookie (lib/persistence/card.ts) and opens the booking page.
 */

/** One appointment of a past visit: its area, who did it and its services' ids. */
interface PastAppointment {
  areaId: number;
  therapistId: number;
  lines: readonly { id: string }[];
}

interface PastVisit {
  location: LocationId;
  gender: Gender;
  appointments: readonly PastAppointment[];
}

/**
 * What one row of the account page books again: the appointments the row stands for (`rowAppointmentIds`; every one
 * of the booking when the row names none), never one still upcoming. A visit of two areas with one cancelled shows
 * the cancelled one as a row of its own, and its 'Book again' must not put back the area the customer still has.
 */
export function pastVisitOf({ card, appointments }: BookedBooking, rowAppointmentIds: readonly string[] = [], now: number = Date.now()): PastVisit {
  const named = rowAppointmentIds.length === 0 ? appointments : appointments.filter((appointment) => rowAppointmentIds.some((id) => id.toLowerCase() === appointment.id.toLowerCase()));
  return {
    location: card.location,
    gender: card.gender,
    appointments: named
      .filter((appointment) => !isUpcoming(appointment, now))
      .map((appointment) => ({ areaId: appointment.areaId, therapistId: appointment.therapistId, lines: appointment.lines })),
  };
}

/** A service of the catalogue as the cart holds it, with its area and the gender it is for. */
interface OfferedService {
  service: BookingService;
  area: number;
  gender: Gender;
}

function offered(serviceId: string): OfferedService | undefined {
  const item = serviceById(serviceId) ?? serviceById(serviceId.toLowerCase());
  if (!item) return undefined;
  return {
    service: { id: item.id, serviceType: item.svcType, sku: item.value, minutes: item.duration, package: null, ordered: false },
    area: item.areaId,
    gender: genderOf(item.gen),
  };
}

/** The card's areas: services grouped by area, in the order given, at most the card's cap. */
function areasOf(services: readonly OfferedService[], therapistOf: (area: number, ids: string[]) => number): BookingArea[] {
  const areas: BookingArea[] = [];
  for (const { service, area } of services.slice(0, CARD_MAX_SERVICES)) {
    const held = areas.find((a) => a.area === area);
    if (held) held.services.push(service);
    else areas.push({ area, therapist: 0, when: { kind: 'none' }, note: '', services: [service] });
  }
  return areas.map((area) => ({ ...area, therapist: therapistOf(area.area, area.services.map((s) => s.id)) }));
}

/** The current cart's customer and packages kept; its services, times and an appointment being changed are not. */
function replaced(current: BookingCard, location: LocationId, gender: Gender, areas: BookingArea[]): BookingCard {
  return {
    ...current,
    appointmentId: '',
    status: 'booked',
    location,
    gender,
    areas,
    packageAreas: [],
    packages: current.gender === gender ? current.packages : [],
  };
}

/** The services of a visit that can still be booked online at its location (of the visit's gender), once each. */
function rebookable(visit: PastVisit): OfferedService[] {
  const seen = new Set<string>();
  const services: OfferedService[] = [];
  for (const appointment of visit.appointments) {
    for (const { id } of appointment.lines) {
      const found = offered(id);
      if (!found || seen.has(found.service.id) || found.gender !== visit.gender || !isBookableAt(found.service.id, visit.location)) continue;
      seen.add(found.service.id);
      services.push(found);
    }
  }
  return services;
}

/** The ids of the services of a visit that can still be booked online (the account page's 'Book again' names them). */
export function rebookableServiceIds(visit: PastVisit): string[] {
  return rebookable(visit).map(({ service }) => service.id);
}

/**
 * The cart for booking a visit again: its services still offered online at its location, each area with the therapist
 * who did it when she still does all of that area's services there (else 'any'); undefined when none is offered now.
 */
export function cardToBookAgain(current: BookingCard, visit: PastVisit): BookingCard | undefined {
  const services = rebookable(visit);
  if (services.length === 0) return undefined;
  const therapistOf = (area: number, ids: string[]) => {
    const before = visit.appointments.find((a) => a.areaId === area)?.therapistId ?? 0;
    return before !== 0 && therapistsDoing(visit.location, ids).includes(before) ? before : 0;
  };
  return replaced(current, visit.location, visit.gender, areasOf(services, therapistOf));
}

/**
 * The location to book a package's session at: the first of `preferred` (the cart's, the one the customer chose)
 * that books the service online, else the first location that does; undefined when none does.
 */
export function sessionLocation(serviceId: string, preferred: readonly number[]): LocationId | undefined {
  const candidates = [...preferred.filter((l) => l > 0).map((l) => normaliseLocation(l)), ...LOCATIONS.map((l) => l.id)];
  return candidates.find((location) => isBookableAt(serviceId, location));
}

/** The cart for one session of a package's service (the booking page applies the package to it), or undefined. */
export function cardForSession(current: BookingCard, serviceId: string, preferred: readonly number[]): BookingCard | undefined {
  const found = offered(serviceId);
  const location = found ? sessionLocation(found.service.id, preferred) : undefined;
  if (!found || location === undefined) return undefined;
  return replaced(current, location, found.gender, areasOf([found], () => 0));
}
