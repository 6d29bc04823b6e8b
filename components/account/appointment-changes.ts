import { isUpcoming } from '@/lib/booking/booked';
import type { DateInLocationTz } from '@/lib/booking/calendar';
import { areaToWire, GENDER_CODE, STATUS_CODE, type BookingArea, type CardStatus, type Gender, type LocalTime } from '@/lib/booking/card';
import type { AppointmentCardInput } from '@/lib/booking/card-schema';
import type { LocationId } from '@/lib/catalog/location-table';

/** One booked appointment as the account page hands it to its buttons: its booking and its area, named. */
export interface ChangeableAppointment {
  customerId: string;
  appointmentId: string;
  location: LocationId;
  gender: Gender;
  area: BookingArea;
}

export const CANCELLATION_CUTOFF_HOURS = 24;

/** Whether the customer may still change or cancel (the server enforces the same cut-off). */
export function beforeCutoff(startIso: string, now: number, hours = CANCELLATION_CUTOFF_HOURS): boolean {
  return Date.parse(startIso) - now >= hours * 3_600_000;
}

/** The PUT body: the specification's card with this one area, built here, where the request leaves. */
export interface AppointmentChangeBody {
  header: AppointmentCardInput['header'];
  svcAreas: ReturnType<typeof areaToWire>[];
}

function header(appointment: ChangeableAppointment, status: CardStatus): AppointmentCardInput['header'] {
  const { customerId, appointmentId, location, gender } = appointment;
  return { customerId, aptId: appointmentId, location: String(location), gender: GENDER_CODE[gender], status: STATUS_CODE[status] };
}

/** The PUT body that moves the appointment to a New York wall-clock time with a therapist (0 any). */
export function rescheduleBody(appointment: ChangeableAppointment, therapistId: number, date: string, time: string): AppointmentChangeBody {
  const when = { kind: 'time', date: date as DateInLocationTz, time: time as LocalTime } as const;
  return { header: header(appointment, 'booked'), svcAreas: [areaToWire({ ...appointment.area, therapist: therapistId, when }, appointment.gender)] };
}

/** The PUT body that cancels this appointment only (the cancelled status with its area). */
export function cancelBody(appointment: ChangeableAppointment): AppointmentChangeBody {
  return { header: header(appointment, 'cancelled'), svcAreas: [areaToWire(appointment.area, appointment.gender)] };
}
type ListedAppointment = Parameters<typeof isUpcoming>[0];

/** Upcoming (booked, not yet started) soonest first, and the rest (past or cancelled) latest first. */
export function splitAppointments<T extends { appointment: ListedAppointment }>(rows: readonly T[], now: number = Date.now()): { upcoming: T[]; past: T[]; now: number } {
  const upcoming = (r: T) => isUpcoming(r.appointment, now);
  return {
    upcoming: rows.filter(upcoming).sort((a, b) => a.appointment.start.localeCompare(b.appointment.start)),
    past: rows.filter((r) => !upcoming(r)).sort((a, b) => b.appointment.start.localeCompare(a.appointment.start)),
    now,
  };
}
