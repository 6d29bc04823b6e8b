import { SITE_NAME } from '@/lib/catalog/tables';
import { formatAddress, salonLocationById } from '@/lib/content/locations';
import { buildIcs, type CalendarEvent } from './ics';

/** What a calendar file needs to know of a booked appointment (a subset of the booking API's appointment view). */
export interface BookedAppointment {
  id: string;
  areaName: string;
  therapistName: string;
  start: string;
  end: string;
  status: 'booked' | 'cancelled';
  lines: readonly { name: string }[];
}

/** One event per booked (not cancelled) appointment, at the salon's address; times are UTC instants. */
export function appointmentEvents(location: number, appointments: readonly BookedAppointment[], host = 'bookings.salon'): CalendarEvent[] {
  const salon = salonLocationById(location);
  return appointments
    .filter((a) => a.status === 'booked')
    .map((a) => ({
      uid: `${a.id}@${host}`,
      startUtc: new Date(a.start),
      durationMinutes: Math.round((Date.parse(a.end) - Date.parse(a.start)) / 60_000),
      summary: `${a.lines.map((l) => l.name).join(', ')} at ${SITE_NAME}`,
      description: `${a.areaName} with ${a.therapistName}${salon ? `, ${SITE_NAME} ${salon.name}, ${salon.phoneDisplay}` : ''}`,
      ...(salon ? { location: formatAddress(salon) } : {}),
    }));
}

export function bookingIcs(location: number, appointments: readonly BookedAppointment[], now: Date = new Date()): string {
  return buildIcs(appointmentEvents(location, appointments), now);
}
