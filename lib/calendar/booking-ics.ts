import ical, { foldLines, ICalAlarmType, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
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
 * A parameter value (CN) per RFC 5545 and RFC 6868: always quoted; inside, a DQUOTE is ^', a caret ^^ and a line
 * break ^n (RFC 5545 has no escape there, and ical-generator's backslash before a DQUOTE ends the value early); other
 * control characters cannot appear in a parameter and are dropped.
 */
export function quotedParameter(value: string): string {
  const encoded = value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');
  return `"${encoded}"`;
}

/** Stands for a name in what ical-generator writes: nothing in it is escaped. */
const NAME_MARK = 'X-NAME-MARK';

/**
 * ORGANIZER and ATTENDEE with their CN: ical-generator writes NAME_MARK for the name, and the name is put in here,
 * quoted per RFC 6868, before the lines are folded again.
 */
function withNames(ics: string, people: CalendarPeople): string {
  const names: Record<string, string> = { ORGANIZER: people.organizer.name, ATTENDEE: people.attendee.name };
  const lines = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const property = /^(ORGANIZER|ATTENDEE)(?=[;:])/.exec(line)?.[1];
      return property ? line.replace(`CN="${NAME_MARK}"`, () => `CN=${quotedParameter(names[property]!)}`) : line;
    });
  return foldLines(lines.join('\r\n'));
}

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
            organizer: { name: NAME_MARK, email: options.people.organizer.email },
            attendees: [{ name: NAME_MARK, email: options.people.attendee.email, rsvp: false, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
          }
        : {}),
      alarms: method === 'CANCEL' ? [] : [{ type: ICalAlarmType.display, trigger: 2 * 3600, description: summary }],
    });
  }
  const ics = options.people ? withNames(calendar.toString(), options.people) : calendar.toString();
  // RFC 5545 ends every content line with CRLF, the last one too (ical-generator leaves it off).
  return ics.endsWith('\r\n') ? ics : `${ics}\r\n`;
}
