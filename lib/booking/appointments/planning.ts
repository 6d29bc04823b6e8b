import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { isBookableAt, isDoneAt, isRetiredService, serviceById } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import { hoursOn } from '@/lib/catalog/hours';
import type { Tx } from '@/lib/db';
import type { StoredLine } from '@/lib/db/schema';
import { appointmentStartMs, type AppointmentCard, type CardArea } from '../card-schema';
import { localDateOf, MINUTE, toSlotStartIso } from '../dates';
import { BOOKING_HORIZON_DAYS, lastBookableDay } from '../horizon';
import { assertOnlineNotice } from '../notice';
import { formatLongDate, refuseClosedOrBlocked } from '../schedule';
import { rosterFor } from '../shifts';
import { computeSlots } from '../slots';
import { resolveTarget, type BookableTarget, type BookingChannel, type TargetOptions } from '../target';
import { invalid } from './errors';

interface PlannedArea {
  target: BookableTarget;
  start: number;
  end: number;
  note: string;
  lines: StoredLine[];
  price: number;
  field: string;
}

/** The location, area and therapist asked for, or a 422 on the card's field when one of them is not bookable. */
export function targetOrInvalid(location: string, areaId: number, therapistId: number, field: string, options: TargetOptions = {}): BookableTarget {
  try {
    return resolveTarget(location, areaId, therapistId, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw invalid(error.message, field);
    throw error;
  }
}

/**
 * Recomputes each line from the catalogue: the body's names, prices and durations are never trusted. Online, each
 * service must be bookable online at the location; at the desk, done there by some therapist.
 */
function planLines(area: CardArea, field: string, location: number, channel: BookingChannel): { lines: StoredLine[]; minutes: number; price: number } {
  const lines: StoredLine[] = [];
  let minutes = 0;
  let price = 0;
  const seen = new Set<string>();
  for (const type of area.svcTypes) {
    for (const line of type.svcArray) {
      const item = serviceById(line.id.replace(/[{}]/g, '').toLowerCase());
      if (!item) throw invalid(`Unknown service ${line.id}.`, field);
      if (seen.has(item.id)) throw invalid(`${item.name} appears twice.`, field);
      seen.add(item.id);
      if (item.areaId !== area.areaId || item.svcType !== type.svcTypeId) throw invalid(`${item.name} does not belong there.`, field);
      if (isRetiredService(item.id)) throw invalid(`${item.name} is no longer offered. Please choose another service.`, field);
      if (channel === 'online' && !isBookableAt(item.id, location)) throw invalid(`${item.name} cannot be booked online at this location.`, field);
      if (channel === 'desk' && !isDoneAt(item.id, location)) {
        throw invalid(`Nobody at ${LOCATIONS.find((l) => l.id === location)?.name ?? 'this location'} does ${item.name}.`, field);
      }
      let pkgId: string | null = null;
      if (line.isPackage && line.pkgId) {
        const offer = item.spkg.find((o) => o.pvId.toLowerCase() === line.pkgId!.replace(/[{}]/g, '').toLowerCase());
        if (!offer) throw invalid(`That package does not cover ${item.name}.`, field);
        pkgId = offer.pvId.toLowerCase();
      }
      minutes += item.duration;
      const linePrice = pkgId ? 0 : item.price;
      price += linePrice;
      lines.push({ id: item.id, svcId: item.value, name: item.name, serviceTypeId: item.svcType, gen: item.gen, duration: item.duration, price: linePrice, pkgId });
    }
  }
  return { lines, minutes, price };
}

/**
 * Checks a card against the catalogue and the clock, without the database. Each area's therapists are those who do
 * every service of it at the location; `channel` 'desk' is the back office (any service a therapist there does, any
 * free time); online, each time also keeps the location's minimum notice (lib/booking/notice.ts).
 */
export function planCard(card: AppointmentCard, now: number, channel: BookingChannel = 'online'): PlannedArea[] {
  if (card.svcAreas.length === 0) throw invalid('Choose at least one service to book.', 'svcAreas');
  const planned = card.svcAreas.map((area, i) => {
    const field = `svcAreas.${i}`;
    const serviceIds = area.svcTypes.flatMap((type) => type.svcArray.map((line) => line.id.replace(/[{}]/g, '').toLowerCase())).filter((id) => serviceById(id));
    const target = targetOrInvalid(card.header.location, area.areaId, area.svcTherapist, `${field}.svcTherapist`, { channel, serviceIds });
    const { lines, minutes, price } = planLines(area, field, target.location, channel);
    const start = appointmentStartMs(area.svcDate);
    if (start === undefined) throw invalid('Choose a time for this appointment.', `${field}.svcDate`);
    if (start <= now) throw invalid('That time has already passed. Please choose another time.', `${field}.svcDate`);
    if (channel === 'online') assertOnlineNotice(target.location, start, now, `${field}.svcDate`);
    return { target, start, end: start + minutes * MINUTE, note: area.svcNote, lines, price, field };
  });
  // One person cannot be with two therapists at once.
  for (const a of planned) {
    const clash = planned.find((b) => b !== a && b.start < a.end && a.start < b.end);
    if (clash) throw invalid('Two of these appointments overlap. Please choose times one after the other.', `${a.field}.svcDate`);
  }
  return planned;
}

/**
 * The therapists who may take [start, end) by roster and opening hours (not yet by other appointments), or a 422
 * when the day is past the booking horizon or the time is not a bookable slot for the therapist asked for.
 */
export async function rosteredFor(tx: Tx, area: Pick<PlannedArea, 'target' | 'start' | 'end' | 'field'>, now: number): Promise<number[]> {
  const date = localDateOf(area.start);
  const lastDay = lastBookableDay(now);
  if (date > lastDay) {
    const message = `That day is too far ahead: visits can be booked up to ${BOOKING_HORIZON_DAYS} days ahead, until ${formatLongDate(lastDay)}. Please choose an earlier day.`;
    throw new ApiError(422, 'too_far_ahead', message, { [`${area.field}.svcDate`]: message });
  }
  const roster = await rosterFor(tx, area.target, date);
  const slots = computeSlots({ date, hours: hoursOn(area.target.location, date), roster, busy: [], durationMinutes: (area.end - area.start) / MINUTE, now });
  const iso = toSlotStartIso(area.start);
  const slot = slots.find((s) => s.start === iso);
  if (!slot) throw invalid('That time is outside the opening hours or the therapist\'s roster. Please choose a listed time.', `${area.field}.svcDate`);
  return refuseClosedOrBlocked(tx, area, date, slot.therapistIds);
}
