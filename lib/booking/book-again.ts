import { isBookableAt, serviceById, therapistsDoing } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import { normaliseLocation } from '@/lib/catalog/location-table';
import { CARD_MAX_SERVICES, type AppointmentCard, type CardArea, type ServiceLine } from '@/lib/persistence/model';

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
  location: number;
  gender: 0 | 1;
  appointments: readonly PastAppointment[];
}

function lineOf(serviceId: string): ServiceLine | undefined {
  const service = serviceById(serviceId) ?? serviceById(serviceId.toLowerCase());
  if (!service) return undefined;
  return {
    pkgId: null,
    packageType: 0,
    qtyFulfilled: 0,
    qtyCombined: 0,
    svcId: service.value,
    duration: service.duration,
    isPackage: false,
    isOrdered: false,
    serviceTypeId: service.svcType,
    gen: service.gen,
    id: service.id,
    areaId: service.areaId,
  };
}

/** The card's areas: lines grouped by area and service type, in the order given, at most the card's cap. */
function areasOf(lines: readonly ServiceLine[], therapistOf: (areaId: number, ids: string[]) => number): CardArea[] {
  const areas: CardArea[] = [];
  for (const line of lines.slice(0, CARD_MAX_SERVICES)) {
    let area = areas.find((a) => a.areaId === line.areaId);
    if (!area) {
      area = { areaId: line.areaId, svcTherapist: 0, svcDate: '', svcNote: '', svcTypes: [] };
      areas.push(area);
    }
    const type = area.svcTypes.find((t) => t.svcTypeId === line.serviceTypeId);
    if (type) type.svcArray.push(line);
    else area.svcTypes.push({ svcTypeId: line.serviceTypeId, svcArray: [line] });
  }
  for (const area of areas) area.svcTherapist = therapistOf(area.areaId, area.svcTypes.flatMap((t) => t.svcArray.map((l) => l.id)));
  return areas;
}

/** The current cart's customer and packages kept; its services, times and an appointment being changed are not. */
function replaced(current: AppointmentCard, location: number, gender: 0 | 1, svcAreas: CardArea[]): AppointmentCard {
  return {
    header: { ...current.header, aptId: '', status: '1', location: String(location), gender: String(gender) },
    svcAreas,
    pkgAreas: [],
    pkgAvailable: current.header.gender === String(gender) ? current.pkgAvailable : [],
  };
}

/** The services of a visit that can still be booked online at its location (of the visit's gender), once each. */
export function rebookableLines(visit: PastVisit): ServiceLine[] {
  const seen = new Set<string>();
  const lines: ServiceLine[] = [];
  for (const appointment of visit.appointments) {
    for (const { id } of appointment.lines) {
      const line = lineOf(id);
      if (!line || seen.has(line.id) || line.gen !== visit.gender || !isBookableAt(line.id, visit.location)) continue;
      seen.add(line.id);
      lines.push(line);
    }
  }
  return lines;
}

/**
 * The cart for booking a visit again: its services still offered online at its location, each area with the therapist
 * who did it when she still does all of that area's services there (else 'any'); undefined when none is offered now.
 */
export function cardToBookAgain(current: AppointmentCard, visit: PastVisit): AppointmentCard | undefined {
  const lines = rebookableLines(visit);
  if (lines.length === 0) return undefined;
  const therapistOf = (areaId: number, ids: string[]) => {
    const before = visit.appointments.find((a) => a.areaId === areaId)?.therapistId ?? 0;
    return before !== 0 && therapistsDoing(visit.location, ids).includes(before) ? before : 0;
  };
  return replaced(current, visit.location, visit.gender, areasOf(lines, therapistOf));
}

/**
 * The location to book a package's session at: the first of `preferred` (the cart's, the one the customer chose)
 * that books the service online, else the first location that does; undefined when none does.
 */
export function sessionLocation(serviceId: string, preferred: readonly number[]): number | undefined {
  const candidates = [...preferred.filter((l) => l > 0).map((l) => normaliseLocation(l)), ...LOCATIONS.map((l) => l.id)];
  return candidates.find((location) => isBookableAt(serviceId, location));
}

/** The cart for one session of a package's service (the booking page applies the package to it), or undefined. */
export function cardForSession(current: AppointmentCard, serviceId: string, preferred: readonly number[]): AppointmentCard | undefined {
  const line = lineOf(serviceId);
  const location = line ? sessionLocation(line.id, preferred) : undefined;
  if (!line || location === undefined) return undefined;
  return replaced(current, location, line.gen as 0 | 1, areasOf([line], () => 0));
}
