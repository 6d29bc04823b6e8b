import ical, { ICalAlarmType, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SITE_NAME } from '@/lib/catalog/tables';
import { formatAddress, salonLocationById } from '@/lib/content/locations';

/** What a calendar file needs to know of an appointment (a subset of the booking API's appointment view). */
export interface BookedAppointment {
  id: string;
  areaName: string;
  therapistName: string;
  start: string;
  end: string;
  status: 'booked' | 'cancelled';
  lines: readonly { name: string }[];
  /** The event's SEQUENCE (appointments.ics_sequence): raised by every move and the cancellation. */
  sequence?: number;
}

/**
 * PUBLISH: a file to download and import. REQUEST: a mailed invitation that a calendar keeps in step by UID and
 * SEQUENCE (the confirmation, a move, the reminder). CANCEL: the mailed cancellation of that same event.
 */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface CalendarPeople {
  /** The sender (MAIL_FROM): iTIP requires an ORGANIZER in REQUEST and CANCEL. */
  organizer: { name: string; email: string };
  /** The customer, as the one attendee. */
  attendee: { name: string; email: string };
}

/** The UID of an appointment's event: the same in every file about it, so calendars update instead of adding. */
export function appointmentUid(appointmentId: string, host = 'bookings.salon'): string {
  return `${appointmentId}@${host}`;
}

const METHODS: Record<CalendarMethod, ICalCalendarMethod> = {
  PUBLISH: ICalCalendarMethod.PUBLISH,
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
};

/**
 * An iCalendar (RFC 5545) file written by ical-generator: one event per appointment, times as UTC instants, at the
 * salon's address. With CANCEL every listed appointment is written as cancelled; otherwise cancelled ones are left out.
 */
export function bookingIcs(
  location: number,
  appointments: readonly BookedAppointment[],
  now: Date = new Date(),
  options: { method?: CalendarMethod; people?: CalendarPeople } = {},
): string {
  const method = options.method ?? 'PUBLISH';
  if (method !== 'PUBLISH' && !options.people) throw new Error(`A ${method} calendar needs an organizer and an attendee`);
  const salon = salonLocationById(location);
  const calendar = ical({ prodId: { company: SITE_NAME, product: 'Booking', language: 'EN' }, method: METHODS[method] });
  const chosen = method === 'CANCEL' ? appointments : appointments.filter((a) => a.status === 'booked');
  for (const a of chosen) {
    const summary = `${a.lines.map((l) => l.name).join(', ')} at ${SITE_NAME}`;
    calendar.createEvent({
      id: appointmentUid(a.id),
      sequence: a.sequence ?? 0,
      stamp: now,
      start: new Date(a.start),
      end: new Date(a.end),
      summary,
      description: `${a.areaName} with ${a.therapistName}${salon ? `, ${SITE_NAME} ${salon.name}, ${salon.phoneDisplay}` : ''}`,
      ...(salon ? { location: formatAddress(salon) } : {}),
      status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(options.people
        ? {
            organizer: options.people.organizer,
            attendees: [{ ...options.people.attendee, rsvp: false, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
          }
        : {}),
      alarms: method === 'CANCEL' ? [] : [{ type: ICalAlarmType.display, trigger: 2 * 3600, description: summary }],
    });
  }
  return calendar.toString();
}
