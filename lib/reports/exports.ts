import 'server-only';
import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ACTIVITY_KIND_LABELS } from '@/lib/activity/read';
import { customersOnly } from '@/lib/auth/session';
import { daySpan, nextDate, TIME_ZONE, type DateInLocationTz } from '@/lib/booking/dates';
import { allGroupedPackages, serviceById } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { activityLog, appointments, bookings, customerPackages, therapists, users, type Appointment, type StoredLine } from '@/lib/db/schema';
import { csvStream, type CsvSource, type CsvStreamOptions } from './csv-stream';
import { bothDates, reportDateParam, reportLocationParam } from './period';
import type { ReportLocation, ReportPeriod } from './report';

/**
 * The owner's CSV exports (GET /api/desk/exports/{name}.csv?from=&to=&location=): appointments, customers, package
 * balances and the activity log. Each is read in keyset batches (the order of an index, the next batch after the
 * last row's key), because PGlite has no server-side cursors and an OFFSET rereads every row before it.
 * Times are New York wall-clock times, as the desk shows them.
 */

export const EXPORT_NAMES = ['appointments', 'customers', 'packages', 'activity'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

export interface ExportQuery {
  /** Undefined: every date. */
  period?: ReportPeriod;
  location: ReportLocation;
}

/** The exports a location narrows; packages are sold for every salon and the activity log is the chain's. */
const BY_LOCATION: ReadonlySet<ExportName> = new Set(['appointments', 'customers']);

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * The query of every export: the report's date and location (period.ts), but a period is optional (both ends or
 * neither: every date) and has no length limit; a blank field counts as missing, as an HTML form sends it.
 */
export const exportQuerySchema = z
  .object({
    from: z.preprocess(blankAsMissing, reportDateParam.optional()),
    to: z.preprocess(blankAsMissing, reportDateParam.optional()),
    location: z.preprocess(blankAsMissing, reportLocationParam),
  })
  .superRefine((query, context) => {
    if (query.from === undefined && query.to !== undefined) context.addIssue({ code: 'custom', path: ['from'], message: 'give from with to, or neither' });
    if (query.from !== undefined && query.to === undefined) context.addIssue({ code: 'custom', path: ['to'], message: 'give to with from, or neither' });
    if (bothDates(query.from, query.to) && query.to! < query.from!) context.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  })
  .transform(
    (query): ExportQuery => ({
      period: query.from !== undefined && query.to !== undefined ? { from: query.from, to: query.to } : undefined,
      location: query.location,
    }),
  );

const EXPORT_TITLES: Record<ExportName, string> = { appointments: 'Appointments', customers: 'Customers', packages: 'Package balances', activity: 'Activity log' };

const locationOf = (id: number) => LOCATIONS.find((location) => location.id === id);

/** '2026-11' for a whole month, '2026-11-03' for one day, '2026-11-03-to-2026-11-09' otherwise. */
function periodLabel({ from, to }: ReportPeriod): string {
  if (from === to) return from;
  const wholeMonth = from.endsWith('-01') && to.slice(0, 7) === from.slice(0, 7) && nextDate(to as DateInLocationTz).endsWith('-01');
  return wholeMonth ? from.slice(0, 7) : `${from}-to-${to}`;
}

/** The download's name: 'appointments-2026-11.csv', 'appointments-soho-2026-11.csv', 'customers.csv'. */
export function exportFileName(name: ExportName, query: ExportQuery): string {
  const parts: string[] = [name];
  if (query.location !== 'all' && BY_LOCATION.has(name)) parts.push(locationOf(query.location)!.slug);
  if (query.period) parts.push(periodLabel(query.period));
  return `${parts.join('-')}.csv`;
}

/** The activity log's sentence for an export: 'Appointments, SoHo, 2026-11-01 to 2026-11-30'. */
export function exportSummary(name: ExportName, query: ExportQuery): string {
  const where = BY_LOCATION.has(name) ? [query.location === 'all' ? 'all salons' : locationOf(query.location)!.name] : [];
  const when = query.period ? `${query.period.from} to ${query.period.to}` : 'every date';
  return [EXPORT_TITLES[name], ...where, when].join(', ');
}

/** The half-open span of instants of a period's New York days (the hour a DST day gains or loses included). */
function instantsOf(period: ReportPeriod): { start: Date; end: Date } {
  return {
    start: new Date(daySpan(period.from as DateInLocationTz).start),
    end: new Date(daySpan(period.to as DateInLocationTz).end),
  };
}

function within(column: Parameters<typeof gte>[0], period: ReportPeriod | undefined): SQL | undefined {
  if (!period) return undefined;
  const { start, end } = instantsOf(period);
  return and(gte(column, start), lt(column, end));
}

/** A timestamp as New York reads it, formatted by the database (no per-row time-zone work in JavaScript). */
const newYork = (column: SQL | Parameters<typeof gte>[0], format = 'YYYY-MM-DD HH24:MI') =>
  sql<string | null>`to_char(${column} at time zone ${TIME_ZONE}, ${format})`;

const ATTENDANCE_LABELS: Record<NonNullable<Appointment['attendance']>, string> = { checked_in: 'Checked in', started: 'Started', completed: 'Completed', no_show: 'No-show' };
const money = (dollars: number) => dollars.toFixed(2);

type Reader = Pick<Db, 'select'>;

function appointmentRows(db: Reader, query: ExportQuery, after: string | undefined, limit: number) {
  const staff = alias(users, 'staff');
  return db
    .select({
      id: appointments.id,
      location: appointments.location,
      start: newYork(appointments.startsAt),
      end: newYork(appointments.endsAt, 'HH24:MI'),
      minutes: sql<number>`(extract(epoch from ${appointments.endsAt} - ${appointments.startsAt}) / 60)::int`,
      customer: users.name,
      email: users.email,
      phone: users.phone,
      therapist: therapists.name,
      lines: appointments.lines,
      price: appointments.price,
      status: appointments.status,
      attendance: appointments.attendance,
      bookedBy: staff.name,
      bookedAt: newYork(appointments.createdAt),
      cancelledAt: newYork(appointments.cancelledAt),
      note: appointments.note,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.customerId))
    .innerJoin(therapists, eq(therapists.id, appointments.therapistId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .leftJoin(staff, eq(staff.id, bookings.createdBy))
    .where(
      and(
        query.location === 'all' ? undefined : eq(appointments.location, query.location),
        within(appointments.startsAt, query.period),
        after === undefined
          ? undefined
          : sql`(${appointments.location}, ${appointments.startsAt}, ${appointments.id}) > (select mark.location, mark.starts_at, mark.id from appointments mark where mark.id = ${after})`,
      ),
    )
    .orderBy(asc(appointments.location), asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}

const appointmentsSource = (db: Reader, query: ExportQuery): CsvSource<Awaited<ReturnType<typeof appointmentRows>>[number], string> => ({
  header: [
    'Appointment ID', 'Salon', 'Date', 'Start', 'End', 'Minutes', 'Customer', 'E-mail', 'Phone', 'Therapist', 'Services',
    'Package sessions', 'Price (USD)', 'Status', 'Attendance', 'Channel', 'Booked by', 'Booked at', 'Cancelled at', 'Note',
  ],
  batch: (after, limit) => appointmentRows(db, query, after, limit),
  cursorOf: (row) => row.id,
  cells: (row) => [
    row.id,
    locationOf(row.location)?.name ?? String(row.location),
    row.start?.slice(0, 10),
    row.start?.slice(11),
    row.end,
    row.minutes,
    row.customer,
    row.email,
    row.phone,
    row.therapist,
    row.lines.map((line: StoredLine) => line.name).join('; '),
    row.lines.filter((line: StoredLine) => line.pkgId).length,
    money(row.price),
    row.status === 'cancelled' ? 'Cancelled' : 'Booked',
    row.attendance ? ATTENDANCE_LABELS[row.attendance] : '',
    row.bookedBy === null ? 'Online' : 'Front desk',
    row.bookedBy ?? row.customer,
    row.bookedAt,
    row.cancelledAt,
    row.note,
  ],
});

function customerRows(db: Reader, query: ExportQuery, after: string | undefined, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      created: newYork(users.createdAt),
      // Spelt out: drizzle leaves a one-table query's columns unqualified, and a bare "email" here is the subquery's own.
      consent: sql<boolean>`exists (select 1 from subscriptions offers where offers.email = users.email)`,
    })
    .from(users)
    .where(
      and(
        customersOnly(),
        isNull(users.closedAt),
        within(users.createdAt, query.period),
        query.location === 'all'
          ? undefined
          : sql`exists (select 1 from appointments visit where visit.customer_id = users.id and visit.location = ${query.location})`,
        after === undefined ? undefined : sql`(${users.createdAt}, ${users.id}) > (select mark.created_at, mark.id from users mark where mark.id = ${after})`,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

const customersSource = (db: Reader, query: ExportQuery): CsvSource<Awaited<ReturnType<typeof customerRows>>[number], string> => ({
  header: ['Name', 'E-mail', 'Phone', 'Created', 'Consent to offers'],
  batch: (after, limit) => customerRows(db, query, after, limit),
  cursorOf: (row) => row.id,
  cells: (row) => [row.name, row.email, row.phone, row.created, row.consent ? 'Yes' : 'No'],
});

interface PackageKey {
  customerId: string;
  pvId: string;
  serviceId: string;
}

function packageRows(db: Reader, query: ExportQuery, after: PackageKey | undefined, limit: number) {
  return db
    .select({
      customerId: customerPackages.customerId,
      pvId: customerPackages.pvId,
      serviceId: customerPackages.serviceId,
      customer: users.name,
      email: users.email,
      phone: users.phone,
      total: customerPackages.sessionsTotal,
      used: customerPackages.sessionsUsed,
      bought: newYork(customerPackages.createdAt),
    })
    .from(customerPackages)
    .innerJoin(users, eq(users.id, customerPackages.customerId))
    .where(
      and(
        within(customerPackages.createdAt, query.period),
        after === undefined
          ? undefined
          : sql`(${customerPackages.customerId}, ${customerPackages.pvId}, ${customerPackages.serviceId}) > (${after.customerId}::uuid, ${after.pvId}::uuid, ${after.serviceId}::uuid)`,
      ),
    )
    .orderBy(asc(customerPackages.customerId), asc(customerPackages.pvId), asc(customerPackages.serviceId))
    .limit(limit);
}

function packagesSource(db: Reader, query: ExportQuery): CsvSource<Awaited<ReturnType<typeof packageRows>>[number], PackageKey> {
  // A retired package keeps its id in the file: the catalogue names only live offers.
  const titles = new Map(allGroupedPackages().map((offer) => [offer.pvId.toLowerCase(), offer.pvTitle]));
  return {
    header: ['Customer', 'E-mail', 'Phone', 'Package', 'Service', 'Sessions bought', 'Sessions used', 'Sessions left', 'Bought'],
    batch: (after, limit) => packageRows(db, query, after, limit),
    cursorOf: ({ customerId, pvId, serviceId }) => ({ customerId, pvId, serviceId }),
    cells: (row) => [
      row.customer,
      row.email,
      row.phone,
      titles.get(row.pvId.toLowerCase()) ?? row.pvId,
      serviceById(row.serviceId)?.title ?? row.serviceId,
      row.total,
      row.used,
      row.total - row.used,
      row.bought,
    ],
  };
}

function activityRows(db: Reader, query: ExportQuery, after: number | undefined, limit: number) {
  return db
    .select({
      id: activityLog.id,
      when: newYork(activityLog.at),
      who: activityLog.actorName,
      kind: activityLog.kind,
      action: activityLog.action,
      subject: activityLog.subject,
      summary: activityLog.summary,
    })
    .from(activityLog)
    .where(
      and(
        within(activityLog.at, query.period),
        after === undefined ? undefined : sql`(${activityLog.at}, ${activityLog.id}) > (select mark.at, mark.id from activity_log mark where mark.id = ${after})`,
      ),
    )
    .orderBy(asc(activityLog.at), asc(activityLog.id))
    .limit(limit);
}

const activitySource = (db: Reader, query: ExportQuery): CsvSource<Awaited<ReturnType<typeof activityRows>>[number], number> => ({
  header: ['When', 'Who', 'Kind', 'Action', 'Subject', 'Summary'],
  batch: (after, limit) => activityRows(db, query, after, limit),
  cursorOf: (row) => row.id,
  cells: (row) => [row.when, row.who, ACTIVITY_KIND_LABELS[row.kind], row.action, row.subject, row.summary],
});

/** One export as a CSV stream, read from the database a batch at a time as the reader takes it. */
export function exportStream(db: Reader, name: ExportName, query: ExportQuery, options?: CsvStreamOptions): ReadableStream<Uint8Array> {
  switch (name) {
    case 'appointments':
      return csvStream(appointmentsSource(db, query), options);
    case 'customers':
      return csvStream(customersSource(db, query), options);
    case 'packages':
      return csvStream(packagesSource(db, query), options);
    case 'activity':
      return csvStream(activitySource(db, query), options);
  }
}
