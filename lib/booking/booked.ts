import type { AppointmentView, BookedCard } from './appointments/read';
import { cardFromWire, whenToWire, type BookingArea, type BookingCard } from './card';

/** A stored booking as the account and the desk list it: its card with named fields, and its appointments. */
export interface BookedBooking {
  card: BookingCard;
  appointments: AppointmentView[];
}

/** The door for the stored bookings a backend answers with (the API's shape, this database's or the upstream's). */
export function bookedBookingOf(booked: BookedCard): BookedBooking {
  return { card: cardFromWire(booked), appointments: booked.appointments };
}

/** The card's area an appointment was booked as: the same area starting at the same instant. */
export function areaOfAppointment(card: BookingCard, appointment: Pick<AppointmentView, 'areaId' | 'start'>): BookingArea | undefined {
  return card.areas.find((area) => area.area === appointment.areaId && whenToWire(area.when) === appointment.start);
}

/** Still to come: booked and not yet started (the account lists it under 'Upcoming', with its own buttons). */
export function isUpcoming(appointment: { status: AppointmentView['status']; start: string }, now: number): boolean {
  return appointment.status === 'booked' && Date.parse(appointment.start) > now;
}
