import { SITE_NAME } from '@/lib/catalog/tables';
import { formatAddress, salonLocationById, type SalonLocation } from '@/lib/content/locations';
import type { BookedAppointment } from './booking-ics';

/**
 * Links that add a booked appointment to a calendar or find the salon, for the confirmation page and mail. Google
 * Calendar takes an event in its 'render' address (no account of ours, nothing personal beyond the event's own words);
 * Apple Calendar and Outlook open the booking's .ics file, which holds every appointment of it.
 */

/** '2026-12-01T16:00:00Z' as Google's UTC form, '20261201T160000Z'. */
function googleInstant(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** The same words as the .ics file's event (lib/calendar/booking-ics.ts): the services, who, where. */
export function googleCalendarUrl(location: number, appointment: Pick<BookedAppointment, 'areaName' | 'therapistName' | 'start' | 'end' | 'lines'>): string {
  const salon = salonLocationById(location);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${appointment.lines.map((l) => l.name).join(', ')} at ${SITE_NAME}`,
    dates: `${googleInstant(appointment.start)}/${googleInstant(appointment.end)}`,
    details: `${appointment.areaName} with ${appointment.therapistName}${salon ? `, ${SITE_NAME} ${salon.name}, ${salon.phoneDisplay}` : ''}`,
    ctz: 'America/New_York',
  });
  if (salon) params.set('location', formatAddress(salon));
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The booking's calendar file (every booked appointment of it), for the signed-in customer who made it. */
export function bookingIcsPath(bookingId: string): string {
  return `/booking/confirmation/${bookingId}/calendar/`;
}

/** Directions to a salon: a map search for its address, which every phone opens in its maps app. */
export function directionsUrl(salon: SalonLocation): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(salon))}`;
}
