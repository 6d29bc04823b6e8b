import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { bookingIcs, type BookedAppointment, type CalendarMethod } from '@/lib/calendar/booking-ics';
import { directionsUrl, googleCalendarUrl } from '@/lib/calendar/calendar-links';
import { SITE_NAME } from '@/lib/catalog/tables';
import { salonLocationById } from '@/lib/content/locations';
import type { Db, Tx } from '@/lib/db';
import { appointments, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, deliverDue, mailSignature, queueMail, type MailBlock, type MailMessage } from '@/lib/mail';
import { CANCELLATION_CUTOFF_HOURS } from './appointments/access';
import { bookedSummary } from './booked-summary';
import { formatInstantInNewYork, localToUtcMs, parseDateTimeInLocationTz, utcMsToLocal } from './dates';
import { CANCELLATION_RULE, summaryText, type BookedAreaInput } from './visit-summary';

type DetailedLine = BookedAreaInput['lines'][number];
const detailed = (line: { name: string }): line is DetailedLine => 'duration' in line && 'price' in line && 'id' in line;

/** The mails about a customer's appointments: confirmation, move, cancellation and the reminder. */
export interface AppointmentMailInput {
  to: string;
  name: string;
  location: number;
  appointments: readonly BookedAppointment[];
  /** The confirmation's sentence after the visit, when there is one (the deposit paid, lib/deposits). */
  note?: string;
}

/** The address part of MAIL_FROM ('Name <a@b>' or 'a@b'): the ORGANIZER of the invitations. */
export function senderAddress(from: string = env().MAIL_FROM): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

function calendarPart(input: AppointmentMailInput, method: Exclude<CalendarMethod, 'PUBLISH'>, now: Date): Pick<MailMessage, 'calendar' | 'attachments'> {
  const content = bookingIcs(input.location, input.appointments, now, {
    method,
    people: { organizer: { name: SITE_NAME, email: senderAddress() }, attendee: { name: input.name, email: input.to } },
  });
  // The invitation travels as the text/calendar alternative (what Outlook and Gmail act on) and as a file for the rest.
  return {
    calendar: { method, content },
    attachments: [{ filename: method === 'CANCEL' ? 'cancelled-appointment.ics' : 'appointment.ics', content, contentType: `text/calendar; charset=utf-8; method=${method}` }],
  };
}

/** A summary line's New York wall-clock start in the words of the other mails: '… at 10:00 AM EST'. */
function localStartInNewYork(local: string): string {
  const parsed = parseDateTimeInLocationTz(local);
  return parsed ? formatInstantInNewYork(new Date(localToUtcMs(parsed)).toISOString()) : local;
}

const describe = (a: BookedAppointment) => `${formatInstantInNewYork(a.start)}: ${a.lines.map((l) => l.name).join(', ')} (${a.areaName}) with ${a.therapistName}`;

function whereBlock(location: number): string {
  const sign = mailSignature(location);
  return `Where: ${sign.name}, ${sign.address}. Phone ${sign.phone}.`;
}

function accountLink(): MailBlock {
  return { link: { label: 'See, reschedule or cancel your appointments', url: `${env().SITE_URL}/account/` } };
}

const cutoffRule = `Appointments can be rescheduled or cancelled online up to ${CANCELLATION_CUTOFF_HOURS} hours before they start; after that, please call the salon.`;

/**
 * With the lines' details (a new booking), the same summary as the booking and confirmation pages: each service with
 * its time, therapist, duration and price or package, then the totals. Otherwise one line per appointment.
 */
function visitSummaryBlocks(booked: readonly BookedAppointment[]): MailBlock[] {
  if (!booked.every((a) => a.lines.every(detailed))) return [{ list: booked.map(describe) }];
  const [total, ...reversed] = summaryText(
    bookedSummary(booked.map((a) => ({ ...a, localStart: utcMsToLocal(Date.parse(a.start)), lines: a.lines.filter(detailed) }))),
    localStartInNewYork,
  ).reverse();
  return [{ list: reversed.reverse().map((line) => line.replace(/^- /, '')) }, total!];
}

/** As the confirmation page has them: directions to the salon and each appointment's 'Add to Google Calendar'. */
function afterBookingLinks(input: AppointmentMailInput): MailBlock[] {
  const salon = salonLocationById(input.location);
  const several = input.appointments.length > 1;
  return [
    ...(salon ? [{ link: { label: `Directions to ${salon.name}`, url: directionsUrl(salon) } }] : []),
    ...input.appointments.map((a) => ({ link: { label: `Add to Google Calendar${several ? `: ${a.areaName}` : ''}`, url: googleCalendarUrl(input.location, a) } })),
  ];
}

/** The booking confirmation: each appointment in New York time with its therapist, the address, and the invitation. */
export function confirmationMail(input: AppointmentMailInput, now: Date = new Date()): MailMessage {
  const booked = { ...input, appointments: input.appointments.filter((a) => a.status === 'booked') };
  return {
    ...composeMail({
      to: input.to,
      subject: `Your ${SITE_NAME} booking is confirmed`,
      greeting: `Hi ${input.name},`,
      blocks: [
        `${booked.appointments.length === 1 ? 'Your appointment is booked' : 'Your appointments are booked'} (times are New York time):`,
        ...visitSummaryBlocks(booked.appointments),
        ...(input.note ? [input.note] : []),
        whereBlock(input.location),
        ...afterBookingLinks(booked),
        'Add to Apple Calendar / Outlook: open the attached calendar invitation; we update it if anything changes.',
        CANCELLATION_RULE,
        accountLink(),
      ],
      location: input.location,
      siteUrl: env().SITE_URL,
    }),
    ...calendarPart(booked, 'REQUEST', now),
  };
}

/**
 * A move: the new times (each with what it was, from `before` by id), and the invitation again with the same UID and
 * a higher SEQUENCE so calendars move it.
 */
export function changeMail(input: AppointmentMailInput & { before?: readonly BookedAppointment[] }, now: Date = new Date()): MailMessage {
  const one = input.appointments.length === 1;
  const wasOf = new Map((input.before ?? []).map((a) => [a.id, a]));
  const line = (a: BookedAppointment) => {
    const old = wasOf.get(a.id);
    if (!old) return describe(a);
    const who = old.therapistName !== a.therapistName ? ` with ${old.therapistName}` : '';
    return `${describe(a)} (was ${formatInstantInNewYork(old.start)}${who})`;
  };
  return {
    ...composeMail({
      to: input.to,
      subject: one ? `Your ${SITE_NAME} appointment has moved` : `Your ${SITE_NAME} appointments have moved`,
      greeting: `Hi ${input.name},`,
      blocks: [
        one ? 'Your appointment is now at this time:' : 'Your appointments are now at these times:',
        { list: input.appointments.map(line) },
        whereBlock(input.location),
        'The attached calendar invitation moves the appointment in your calendar.',
        cutoffRule,
        accountLink(),
      ],
      location: input.location,
      siteUrl: env().SITE_URL,
    }),
    ...calendarPart(input, 'REQUEST', now),
  };
}

/** A cancellation (by the customer or the desk): what was cancelled, and a METHOD:CANCEL file that removes it. */
/** `deposit`: what became of the visit's deposit, in one sentence (lib/deposits/fee-rule.ts). */
export function cancellationMail(input: AppointmentMailInput & { deposit?: string }, now: Date = new Date()): MailMessage {
  const one = input.appointments.length === 1;
  return {
    ...composeMail({
      to: input.to,
      subject: one ? `Your ${SITE_NAME} appointment is cancelled` : `Your ${SITE_NAME} appointments are cancelled`,
      greeting: `Hi ${input.name},`,
      blocks: [
        one ? 'This appointment is cancelled:' : 'These appointments are cancelled:',
        { list: input.appointments.map(describe) },
        ...(input.deposit ? [input.deposit] : []),
        'The attached calendar file removes it from your calendar. We would love to see you another time:',
        { link: { label: 'Book a new time', url: `${env().SITE_URL}/booking/` } },
        `Questions? Call us at ${mailSignature(input.location).phone}.`,
      ],
      location: input.location,
      siteUrl: env().SITE_URL,
    }),
    ...calendarPart(input, 'CANCEL', now),
  };
}

/**
 * The reminder before a visit: time, place, therapist, how to change it (online until the cut-off, then by phone),
 * and the invitation at its current SEQUENCE. It expires when the visit begins and is dropped if the visit moves.
 */
export function reminderMail(input: AppointmentMailInput & { appointments: readonly [BookedAppointment] }, now: Date = new Date()): MailMessage {
  const a = input.appointments[0];
  const start = new Date(a.start);
  const cutoff = new Date(start.getTime() - CANCELLATION_CUTOFF_HOURS * 3_600_000);
  const phone = mailSignature(input.location).phone;
  const change =
    now < cutoff
      ? [`You can reschedule or cancel online until ${formatInstantInNewYork(cutoff.toISOString())}; after that, please call us at ${phone}.`, accountLink()]
      : [`Online changes close ${CANCELLATION_CUTOFF_HOURS} hours before a visit. To reschedule or cancel now, please call us at ${phone}.`];
  return {
    ...composeMail({
      to: input.to,
      subject: `Reminder: your ${SITE_NAME} appointment on ${formatInstantInNewYork(a.start)}`,
      greeting: `Hi ${input.name},`,
      blocks: ['A reminder of your appointment:', { list: [describe(a)] }, whereBlock(input.location), 'Please arrive five minutes early.', ...change],
      location: input.location,
      siteUrl: env().SITE_URL,
    }),
    ...calendarPart(input, 'REQUEST', now),
    expiresAt: start,
    appointment: { id: a.id, startsAt: start },
  };
}

interface BookingLike {
  header: { aptId: string; location: string };
  appointments: readonly BookedAppointment[];
}

/** The customer's address and name; undefined (no mail) for a customer the desk created with a phone only. */
async function customerOf(db: Db | Tx, customerId: string): Promise<{ email: string; name: string } | undefined> {
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, customerId));
  return user?.email ? { email: user.email, name: user.name } : undefined;
}

/** The appointments with their current SEQUENCE from the table (the booking API's view does not carry it). */
async function withSequences(db: Db | Tx, bookingId: string, list: readonly BookedAppointment[]): Promise<BookedAppointment[]> {
  if (list.length === 0) return [];
  const rows = await db
    .select({ id: appointments.id, sequence: appointments.icsSequence })
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), inArray(appointments.id, list.map((a) => a.id))));
  return list.map((a) => ({ ...a, sequence: rows.find((r) => r.id === a.id)?.sequence ?? 0 }));
}

/**
 * Queues the confirmation of a new booking in the booking's own transaction: a booking answered 201 has its mail in
 * the outbox, whatever happens to the process after the answer. Returns the outbox id (null: a customer without an
 * address, whom the desk created with a phone only).
 */
export async function queueBookingConfirmation(tx: Tx, customerId: string, booking: BookingLike, note?: string): Promise<number | null> {
  const user = await customerOf(tx, customerId);
  if (!user) return null;
  const list = await withSequences(tx, booking.header.aptId, booking.appointments);
  return queueMail(tx, confirmationMail({ to: user.email, name: user.name, location: Number(booking.header.location), appointments: list, ...(note ? { note } : {}) }));
}

/** Sends mails queued in a change's transaction (after the answer); one that fails now stays queued for the worker. */
export async function deliverQueued(db: Db, ids: readonly number[]): Promise<void> {
  try {
    await deliverDue(db, { ids });
  } catch (error) {
    console.error(`The mails ${ids.join(', ')} could not be tried now; the mail worker tries them again`, error);
  }
}

/**
 * A PUT's mails, queued in its transaction: compares the booking before and after and mails the moved appointments
 * (REQUEST, higher SEQUENCE) and the cancelled ones (CANCEL). Nothing changed, nothing mailed. Returns the outbox ids.
 */
export async function queueBookingChanges(tx: Tx, customerId: string, before: BookingLike, after: BookingLike, notes?: { cancellation?: string }): Promise<number[]> {
  const was = new Map(before.appointments.filter((a) => a.status === 'booked').map((a) => [a.id, a]));
  const moved = after.appointments.filter((a) => {
    const old = was.get(a.id);
    return a.status === 'booked' && old && (old.start !== a.start || old.end !== a.end || old.therapistName !== a.therapistName);
  });
  const cancelled = after.appointments.filter((a) => a.status === 'cancelled' && was.has(a.id));
  if (moved.length === 0 && cancelled.length === 0) return [];
  const user = await customerOf(tx, customerId);
  if (!user) return [];
  const base = { to: user.email, name: user.name, location: Number(after.header.location) };
  const queued: number[] = [];
  if (moved.length) queued.push(await queueMail(tx, changeMail({ ...base, appointments: await withSequences(tx, after.header.aptId, moved), before: moved.map((a) => was.get(a.id)!) })));
  if (cancelled.length) queued.push(await queueMail(tx, cancellationMail({ ...base, appointments: await withSequences(tx, after.header.aptId, cancelled), deposit: notes?.cancellation })));
  return queued;
}
