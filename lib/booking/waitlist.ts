import 'server-only';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError, notFound } from '@/lib/api/errors';
import { serviceById, therapistById } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { formatDuration } from '@/lib/catalog/format';
import { AREA_IDS, AREAS, LOCATIONS, SITE_NAME, type AreaId, type LocationId } from '@/lib/catalog/tables';
import { getDb, type Db } from '@/lib/db';
import { users, waitlistEntries, waitlistNotices, type WaitlistArea, type WaitlistEntry } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { composeMail, deliverDue, mailSignature, queueMail, type MailMessage } from '@/lib/mail';
import { invalid } from './appointments/errors';
import { busyFor, customerBusy } from './busy';
import { daySpan, formatInstantInNewYork, localDateOf, nextDate, parseDateInLocationTz, type DateInLocationTz } from './dates';
import type { BusyInterval } from './slots';
import { SLOT_STEP_MINUTES } from './slots';
import { MAX_BOOKING_MINUTES } from './visit-limits';
import { closureOn, timeOffBusy } from './schedule';
import { BOOKING_HORIZON_DAYS } from './horizon';
import { earliestOnlineStart } from './notice';
import { resolveLocation, resolveTarget } from './target';
import { shiftsOn } from './shifts';
import { rosterOn } from './visit-availability';
import { bookingLinkFor, entriesSatisfied, type FittingTime, type RosterOf, type WaitingEntry } from './waitlist-match';


/** How many entries one customer may have open at once. */
export const MAX_ACTIVE_ENTRIES = 20;

const areaSchema = z
  .object({
    areaId: z.number().int().min(1).max(999),
    therapistId: z.number().int().min(0).max(99_999),
    minutes: z
      .number()
      .int()
      .min(SLOT_STEP_MINUTES)
      .max(MAX_BOOKING_MINUTES)
      .refine((n) => n % SLOT_STEP_MINUTES === 0, `must take ${SLOT_STEP_MINUTES}-minute steps`),
    services: z.array(z.uuid()).min(1).max(20).optional(),
  })
  .strict();

/** POST /api/waitlist/: the day and what is wanted on it (one area, or the visit's areas in the order they follow). */
export const waitlistJoinSchema = z
  .object({
    location: z.string().regex(/^(\d{1,6}|[a-z]{1,30})$/, 'must be a location id or slug'),
    date: z
      .string()
      .refine((v) => parseDateInLocationTz(v) !== undefined, 'must be a date YYYY-MM-DD')
      .transform((v) => v as DateInLocationTz),
    kind: z.enum(['area', 'visit']),
    areas: z.array(areaSchema).min(1).max(AREA_IDS.length),
  })
  .strict()
  .refine((v) => v.kind === 'visit' || v.areas.length === 1, { message: 'an area entry names one area', path: ['areas'] })
  .refine((v) => new Set(v.areas.map((a) => a.areaId)).size === v.areas.length, { message: 'must list each area once', path: ['areas'] })
  .refine((v) => v.areas.reduce((sum, a) => sum + a.minutes, 0) <= MAX_BOOKING_MINUTES, { message: `a visit takes at most ${MAX_BOOKING_MINUTES} minutes`, path: ['areas'] });
export type WaitlistJoin = z.output<typeof waitlistJoinSchema>;

/** An entry as the account page and the API show it. */
export interface WaitlistEntryView {
  id: string;
  location: number;
  locationName: string;
  date: DateInLocationTz;
  kind: 'area' | 'visit';
  areas: (WaitlistArea & { areaName: string; therapistName: string })[];
  createdAt: string;
  notifiedAt: string | null;
}

const therapistName = (id: number) => (id === 0 ? 'any therapist' : (therapistById(id)?.name ?? `Therapist ${id}`));

export function toView(entry: WaitlistEntry): WaitlistEntryView {
  return {
    id: entry.id,
    location: entry.location,
    locationName: LOCATIONS.find((l) => l.id === entry.location)?.name ?? `Location ${entry.location}`,
    date: entry.date as DateInLocationTz,
    kind: entry.kind,
    areas: entry.areas.map((a) => ({ ...a, areaName: AREAS[a.areaId as AreaId] ?? `Area ${a.areaId}`, therapistName: therapistName(a.therapistId) })),
    createdAt: entry.createdAt.toISOString(),
    notifiedAt: entry.notifiedAt?.toISOString() ?? null,
  };
}

/** 'Hair Removal (15 min) with any therapist, then Skincare (1 hr) with Grace Kim' */
export function wantedText(entry: Pick<WaitlistEntryView, 'areas'>): string {
  return entry.areas.map((a) => `${a.areaName} (${formatDuration(a.minutes)}) with ${a.therapistName}`).join(', then ');
}

/**
 * Puts the customer on the waitlist of a day. The location, areas and therapists are checked as a booking checks
 * them (422 naming the field), the day must be from today to the booking horizon. Asking again for the same thing
 * returns the entry already there (created false).
 */
export async function joinWaitlist(db: Db, customerId: string, input: WaitlistJoin, now: number = Date.now()): Promise<{ entry: WaitlistEntryView; created: boolean }> {
  const location = resolveLocation(input.location);
  if (location === undefined) throw invalid(`Unknown location '${input.location}'.`, 'location');
  input.areas.forEach((a, i) => {
    try {
      resolveTarget(String(location), a.areaId, a.therapistId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw invalid(error.message, `areas.${i}`);
      throw error;
    }
  });
  const today = localDateOf(now);
  if (input.date < today) throw invalid('That day has passed.', 'date');
  if (input.date > nextDate(today, BOOKING_HORIZON_DAYS)) throw invalid(`Choose a day within ${BOOKING_HORIZON_DAYS} days.`, 'date');
  const closure = await closureOn(db, location, input.date);
  if (closure !== undefined) throw new ApiError(422, 'closed', `The salon is closed that day (${closure}).`, { date: `The salon is closed that day (${closure}).` });
  input.areas.forEach((a, i) => {
    const unknown = (a.services ?? []).find((id) => serviceById(id.toLowerCase())?.areaId !== a.areaId);
    if (unknown) throw invalid(`'${unknown}' is not a service of this area.`, `areas.${i}.services`);
  });
  const areas: WaitlistArea[] = input.areas.map((a) => ({
    areaId: a.areaId,
    therapistId: a.therapistId,
    minutes: a.minutes,
    ...(a.services ? { services: [...new Set(a.services.map((id) => id.toLowerCase()))] } : {}),
  }));
  const active = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.customerId, customerId), isNull(waitlistEntries.leftAt), gte(waitlistEntries.date, today)));
  const same = active.find((e) => e.location === location && e.date === input.date && e.kind === input.kind && sameAreas(e.areas, areas));
  if (same) return { entry: toView(same), created: false };
  if (active.length >= MAX_ACTIVE_ENTRIES) {
    throw new ApiError(422, 'too_many', `You are on ${MAX_ACTIVE_ENTRIES} waitlists already. Leave one on your account page first.`);
  }
  const [row] = await db
    .insert(waitlistEntries)
    .values({ customerId, location, date: input.date, kind: input.kind, areas, createdAt: new Date(now) })
    .returning();
  return { entry: toView(row!), created: true };
}

// jsonb keeps its own key order, so the areas are compared field by field.
const sameAreas = (a: readonly WaitlistArea[], b: readonly WaitlistArea[]) =>
  a.length === b.length && a.every((x, i) => x.areaId === b[i]!.areaId && x.therapistId === b[i]!.therapistId && x.minutes === b[i]!.minutes);

/** The customer's entries from today on that they have not left, by day and then in the order they asked. */
export async function listWaitlist(db: Db, customerId: string, now: number = Date.now()): Promise<WaitlistEntryView[]> {
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.customerId, customerId), isNull(waitlistEntries.leftAt), gte(waitlistEntries.date, localDateOf(now))))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.seq));
  return rows.map(toView);
}

/** The account page's waitlist (components/account/WaitlistEntries.tsx), read from the database. */
export async function waitlistOf(customerId: string): Promise<WaitlistEntryView[]> {
  return listWaitlist(await getDb(), customerId);
}

/** Leaves an entry. Another customer's entry, or one already left, is a 404 alike, so ids cannot be probed. */
export async function leaveWaitlist(db: Db, customerId: string, entryId: string, now: number = Date.now()): Promise<void> {
  const left = await db
    .update(waitlistEntries)
    .set({ leftAt: new Date(now) })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.customerId, customerId), isNull(waitlistEntries.leftAt)))
    .returning({ id: waitlistEntries.id });
  if (left.length === 0) throw notFound('No such waitlist entry.');
}

export interface DeskWaitlistRow extends WaitlistEntryView {
  customerName: string;
  /** Null for a customer the desk created with a phone only (drizzle/0060). */
  customerEmail: string | null;
}

/** Today in New York: the desk's waitlist opens on it. */
export function todayInNewYork(now: number = Date.now()): DateInLocationTz {
  return localDateOf(now);
}

/** The waitlist of one location and day for the desk: the entries not left, in the order they asked, with the customer. */
export async function waitlistOfDay(db: Db, location: LocationId, date: DateInLocationTz): Promise<DeskWaitlistRow[]> {
  const rows = await db
    .select({ entry: waitlistEntries, name: users.name, email: users.email })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .where(and(eq(waitlistEntries.location, location), eq(waitlistEntries.date, date), isNull(waitlistEntries.leftAt)))
    .orderBy(asc(waitlistEntries.seq));
  return rows.map((r) => ({ ...toView(r.entry), customerName: r.name, customerEmail: r.email }));
}

/** The mail to a waiting customer: the freed time, that it is not held, the link that opens the booking page on it. */
export function waitlistMail(input: { to: string; name: string; entry: WaitlistEntryView; time: FittingTime; link: string }): MailMessage {
  const { entry, time } = input;
  const legs = time.legs.map((leg) => {
    const area = entry.areas.find((a) => a.areaId === leg.areaId);
    const what = area ? `${area.areaName} (${formatDuration(area.minutes)})` : `Area ${leg.areaId}`;
    return `${formatInstantInNewYork(leg.start)}: ${what} with ${area?.therapistName ?? 'any therapist'}`;
  });
  const sign = mailSignature(entry.location);
  return {
    ...composeMail({
      to: input.to,
      subject: `A time has freed up at ${SITE_NAME} on ${formatInstantInNewYork(time.start)}`,
      greeting: `Hi ${input.name},`,
      blocks: [
        `You asked us to tell you when a time frees up at ${sign.name}. One has (New York time):`,
        { list: legs },
        'The time is not held for you: whoever books it first gets it.',
        { link: { label: 'Book this time', url: input.link } },
        'The link opens the booking page on this time, with the services you asked for, on any phone or computer.',
        { link: { label: 'Your waitlist and appointments', url: `${env().SITE_URL}/account/` } },
      ],
      location: entry.location,
      siteUrl: env().SITE_URL,
    }),
    // Useless once the time has begun.
    expiresAt: new Date(time.start),
  };
}

/** The appointments a PUT took away: booked before, and cancelled or moved elsewhere after. */
export function freedBy(
  before: { appointments: readonly { id: string; therapistId: number; start: string; end: string; status: string }[] },
  after: { appointments: readonly { id: string; therapistId: number; start: string; end: string; status: string }[] },
): BusyInterval[] {
  const now = new Map(after.appointments.map((a) => [a.id, a]));
  return before.appointments
    .filter((a) => a.status === 'booked')
    .filter((a) => {
      const n = now.get(a.id);
      return !n || n.status !== 'booked' || n.start !== a.start || n.end !== a.end || n.therapistId !== a.therapistId;
    })
    .map((a) => ({ therapistId: a.therapistId, start: Date.parse(a.start), end: Date.parse(a.end) }));
}

/**
 * After a cancellation or a move at a location: for each day it freed time on (from today on), the entries waiting
 * for that day that now have a fitting time they did not have, in the order they asked, are mailed that time.
 * Each (entry, start) is claimed in waitlist_notices in the transaction that writes the mail into the outbox, so no
 * instance or retry mails one entry twice for one time. Returns the outbox ids queued, in order.
 */
export async function notifyWaitlist(db: Db, change: { location: number; freed: readonly BusyInterval[] }, now: number = Date.now()): Promise<number[]> {
  const today = localDateOf(now);
  const byDay = new Map<DateInLocationTz, BusyInterval[]>();
  for (const f of change.freed) {
    if (f.end <= now) continue;
    const day = localDateOf(f.start);
    if (day < today) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), f]);
  }
  const queued: number[] = [];
  for (const [date, freed] of byDay) {
    const entries = await db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.location, change.location), eq(waitlistEntries.date, date), isNull(waitlistEntries.leftAt)))
      .orderBy(asc(waitlistEntries.seq));
    if (entries.length === 0) continue;
    const rows = await shiftsOn(db, change.location, [date]);
    const rosterOf: RosterOf = (areaId, therapistId) => {
      try {
        return rosterOn(rows, resolveTarget(String(change.location), areaId, therapistId), date);
      } catch (error) {
        // An area no longer offered there, or a therapist who no longer serves it: nothing fits any more.
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    };
    // A closed day has nothing to offer; time off is busy before and after the change alike (lib/booking/schedule.ts).
    if ((await closureOn(db, change.location, date)) !== undefined) continue;
    const therapistIds = [...new Set(rows.map((r) => r.therapistId))];
    const busyAfter = [...(await busyFor(db, therapistIds, daySpan(date))), ...(await timeOffBusy(db, therapistIds, [date]))];
    const waiting: (WaitingEntry & { row: WaitlistEntry })[] = await Promise.all(
      entries.map(async (row) => ({
        id: row.id,
        kind: row.kind,
        date,
        areas: row.areas,
        seq: row.seq,
        ownBusy: await customerBusy(db, { id: row.customerId }, therapistIds, daySpan(date)),
        row,
      })),
    );
    // An offer is an online booking: it keeps to the location's minimum notice and opening hours.
    const query = { rosterOf, busyAfter, freed, now: earliestOnlineStart(change.location, now), hours: hoursOn(change.location, date) };
    for (const { entry, time } of entriesSatisfied(waiting, query)) {
      const id = await db.transaction(async (tx) => {
        const claimed = await tx.insert(waitlistNotices).values({ entryId: entry.id, startsAt: new Date(time.start), createdAt: new Date(now) }).onConflictDoNothing().returning();
        if (claimed.length === 0) return undefined;
        const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, entry.row.customerId));
        // A customer without an address (created at the desk by phone) is not mailed; the claim stands.
        if (!user?.email) return undefined;
        const view = toView(entry.row);
        const mail = waitlistMail({ to: user.email, name: user.name, entry: view, time, link: bookingLinkFor(env().SITE_URL, { ...entry, location: entry.row.location }, time) });
        const outboxId = await queueMail(tx, mail, new Date(now));
        await tx.update(waitlistNotices).set({ outboxId }).where(and(eq(waitlistNotices.entryId, entry.id), eq(waitlistNotices.startsAt, new Date(time.start))));
        await tx.update(waitlistEntries).set({ notifiedAt: new Date(now) }).where(eq(waitlistEntries.id, entry.id));
        return outboxId;
      });
      if (id !== undefined) queued.push(id);
    }
  }
  return queued;
}

/**
 * The hook after a PUT (lib/booking/handlers.ts, after the answer): mails the waitlist of what it freed and sends at
 * once what it queued (the worker retries the rest). Errors are logged: the change itself is done and answered.
 */
export async function notifyWaitlistOfChange(
  db: Db,
  before: { header: { location: string }; appointments: Parameters<typeof freedBy>[0]['appointments'] },
  after: { appointments: Parameters<typeof freedBy>[1]['appointments'] },
): Promise<void> {
  const now = Date.now();
  try {
    const freed = freedBy(before, after);
    if (freed.length === 0) return;
    const ids = await notifyWaitlist(db, { location: Number(before.header.location), freed }, now);
    if (ids.length > 0) await deliverDue(db, { ids, now: new Date(now) });
  } catch (error) {
    console.error('The waitlist could not be told of a freed time', error);
  }
}
