import type { AppointmentCardInput } from '@/lib/booking/card-schema';

/** One booked appointment as the account page hands it to its buttons. */
export interface ChangeableAppointment {
  customerId: string;
  aptId: string;
  location: string;
  gender: '0' | '1';
  area: {
    areaId: number;
    svcTherapist: number;
    svcDate: string;
    svcNote: string;
    svcTypes: AppointmentCardInput['svcAreas'][number]['svcTypes'];
  };
}

export const CANCELLATION_CUTOFF_HOURS = 24;

/** Whether the customer may still change or cancel (the server enforces the same cut-off). */
export function beforeCutoff(startIso: string, now: number, hours = CANCELLATION_CUTOFF_HOURS): boolean {
  return Date.parse(startIso) - now >= hours * 3_600_000;
}

function header(appointment: ChangeableAppointment, status: '1' | '2'): AppointmentCardInput['header'] {
  return { customerId: appointment.customerId, aptId: appointment.aptId, location: appointment.location, gender: appointment.gender, status };
}

/** The PUT body that moves the appointment to a New York wall-clock time with a therapist (0 any). */
export function rescheduleBody(appointment: ChangeableAppointment, therapistId: number, date: string, time: string): AppointmentCardInput {
  return {
    header: header(appointment, '1'),
    svcAreas: [{ ...appointment.area, svcTherapist: therapistId, svcDate: `${date} ${time}` }],
  };
}

/** The PUT body that cancels this appointment only (status '2' with its area). */
export function cancelBody(appointment: ChangeableAppointment): AppointmentCardInput {
  return { header: header(appointment, '2'), svcAreas: [appointment.area] };
}

interface ListedAppointment {
  status: 'booked' | 'cancelled';
  start: string;
}

/** Upcoming (booked, not yet started) soonest first, and the rest (past or cancelled) latest first. */
export function splitAppointments<T extends { appointment: ListedAppointment }>(rows: readonly T[], now: number = Date.now()): { upcoming: T[]; past: T[]; now: number } {
  const isUpcoming = (r: T) => r.appointment.status === 'booked' && Date.parse(r.appointment.start) > now;
  return {
    upcoming: rows.filter(isUpcoming).sort((a, b) => a.appointment.start.localeCompare(b.appointment.start)),
    past: rows.filter((r) => !isUpcoming(r)).sort((a, b) => b.appointment.start.localeCompare(a.appointment.start)),
    now,
  };
}
