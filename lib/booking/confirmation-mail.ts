import 'server-only';
import { eq } from 'drizzle-orm';
import { bookingIcs, type BookedAppointment } from '@/lib/calendar/booking-ics';
import { SITE_NAME } from '@/lib/catalog/tables';
import { formatAddress, salonLocationById } from '@/lib/content/locations';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { sendMail, type MailMessage } from '@/lib/mail';
import { siteUrl } from '@/lib/site';
import { bookedSummary } from './booked-summary';
import { formatInstantInNewYork, utcMsToLocal } from './dates';
import { CANCELLATION_RULE, summaryText, type BookedAreaInput } from './visit-summary';

type DetailedLine = BookedAreaInput['lines'][number];
const detailed = (line: { name: string }): line is DetailedLine => 'duration' in line && 'price' in line && 'id' in line;


export interface ConfirmationInput {
  to: string;
  name: string;
  bookingId: string;
  location: number;
  appointments: readonly BookedAppointment[];
}

/** The booking confirmation: each appointment in New York time with its therapist, the address, and the .ics file. */
export function confirmationMail(input: ConfirmationInput, now: Date = new Date()): MailMessage {
  const salon = salonLocationById(input.location);
  const booked = input.appointments.filter((a) => a.status === 'booked');
  // With the lines' details (a new booking), the same summary as the booking and confirmation pages.
  const lines = booked.every((a) => a.lines.every(detailed))
    ? summaryText(bookedSummary(booked.map((a) => ({ ...a, localStart: utcMsToLocal(Date.parse(a.start)), lines: a.lines.filter(detailed) }))))
    : booked.map((a) => `- ${formatInstantInNewYork(a.start)}: ${a.lines.map((l) => l.name).join(', ')} (${a.areaName}) with ${a.therapistName}`);
  return {
    to: input.to,
    subject: `Your ${SITE_NAME} booking is confirmed`,
    text: [
      `Hi ${input.name},`,
      '',
      `${booked.length === 1 ? 'Your appointment is booked' : 'Your appointments are booked'} (times are New York time):`,
      ...lines,
      '',
      ...(salon ? [`Where: ${SITE_NAME} ${salon.name}, ${formatAddress(salon)}. Phone ${salon.phoneDisplay}.`, ''] : []),
      'The attached calendar file adds the appointments to your calendar.',
      CANCELLATION_RULE,
      `To reschedule or cancel: ${siteUrl().replace(/\/$/, '')}/account/`,
    ].join('\n'),
    attachments: [{ filename: 'appointment.ics', content: bookingIcs(input.location, booked, now), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/** Mails the confirmation of a new booking. A mail failure is logged and never undoes the booking. */
export async function sendBookingConfirmation(db: Db, customerId: string, booking: { header: { aptId: string; location: string }; appointments: readonly BookedAppointment[] }): Promise<void> {
  try {
    const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, customerId));
    if (!user) return;
    await sendMail(db, confirmationMail({ to: user.email, name: user.name, bookingId: booking.header.aptId, location: Number(booking.header.location), appointments: booking.appointments }));
  } catch (error) {
    console.error(`The confirmation mail of booking ${booking.header.aptId} could not be sent`, error);
  }
}
