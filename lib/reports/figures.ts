import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { CANCELLATION_CUTOFF_HOURS } from '@/lib/booking/appointments/access';
import { localMinuteToUtcMs, openingWindow, TIME_ZONE, type DateInLocationTz, type Interval } from '@/lib/booking/dates';
import { closuresFor, timeOffBusy } from '@/lib/booking/schedule';
import { shiftsOn } from '@/lib/booking/shifts';
import { hoursOn } from '@/lib/catalog/hours';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { datesOf, periodSpan, previousPeriod, type ReportQuery } from './period';
import type { PackageFigures, Report, ReportFigures, ReportLocation, ReportPeriod, ServiceRank, TherapistUtilisation } from './report';

/**
 * The owner's figures (docs/decisions.md, 'Reports'), each counted in SQL from what the booking itself writes:
 * - an appointment is one area of a booking (one therapist, one span); 'made' is its creation, online when the
 *   booking has no `created_by` (the back office records the staff member there);
 * - 'starting in the period' decides visits, values, no-shows and cancellations: a visit held is booked and not a
 *   no-show (`attendance`); a cancellation is early when it came at least CANCELLATION_CUTOFF_HOURS before the start
 *   (the customer's cut-off), and by the customer when its 'cancelled' event's actor is the customer, else by staff;
 * - values are the prices booked (`appointments.price`), where a package line costs nothing: package sessions are
 *   counted apart;
 * - rostered minutes are the shifts of each day (shiftsOn, one-off changes applied) within the day's opening hours,
 *   none on a closed day, less the therapist's time off; booked minutes are the booked appointments' spans;
 * - packages are sold by paid shop orders (each claimed once in `meta` as 'shop-order:...', lib/shopify/orders.ts)
 *   and bought for every salon, so sold and owed are the chain's; a session is redeemed by a booked appointment's
 *   package line at the location, and owed until then.
 */

const PAID_ORDER_KEYS = 'shop-order:%';
const TOP_SERVICES = 10;
/**
 * Booked appointments with a package line: the predicate of the partial index appointments_package_lines_idx
 * (drizzle/0200), written out the same, so that owed sessions read only those of the whole history.
 */
const PACKAGE_BOOKINGS = sql.raw(`a.status = 'booked' and a.lines @? '$[*] ? (@.pkgId != null)'`);

interface Span {
  start: string;
  end: string;
}

const spanOf = (period: ReportPeriod): Span => {
  const { start, end } = periodSpan(period);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
};

const inSpan = (column: SQL, span: Span): SQL => sql`${column} >= ${span.start}::timestamptz and ${column} < ${span.end}::timestamptz`;
const atLocation = (location: ReportLocation): SQL => (location === 'all' ? sql`true` : sql`a.location = ${location}`);
const held = sql`a.status = 'booked' and a.attendance is distinct from 'no_show'`;
const cents = (value: unknown) => Number(value ?? 0);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The period's figures at the location (or all four). */
export async function figuresFor(db: Db, period: ReportPeriod, location: ReportLocation): Promise<ReportFigures> {
  const span = spanOf(period);
  const [[made], [starting], [customers]] = await Promise.all([
    // Each appointment's booking looked up by its key: joined, the planner read every booking of the history (a
    // sequential scan of 250,000 rows for a month's 4,000, docs/decisions.md).
    rows<{ made: number; online: number }>(
      db,
      sql`select count(*)::int as made,
            count(*) filter (where (select b.created_by from bookings b where b.id = a.booking_id) is null)::int as online
          from appointments a
          where ${inSpan(sql`a.created_at`, span)} and ${atLocation(location)}`,
    ),
    rows<Record<string, number | string>>(
      db,
      sql`select
            count(*) filter (where ${held})::int as held,
            count(*) filter (where a.status = 'booked' and a.attendance = 'no_show')::int as no_shows,
            coalesce(round(sum(a.price) filter (where a.status = 'booked') * 100), 0)::bigint as booked_cents,
            coalesce(round(sum(a.price) filter (where a.attendance = 'completed') * 100), 0)::bigint as completed_cents,
            coalesce(sum((select count(*) from jsonb_array_elements(a.lines) l where l ->> 'pkgId' is not null)) filter (where a.status = 'booked'), 0)::int as package_sessions,
            count(*) filter (where a.status = 'cancelled' and a.starts_at - a.cancelled_at >= make_interval(hours => ${CANCELLATION_CUTOFF_HOURS}))::int as early,
            count(*) filter (where a.status = 'cancelled')::int as cancelled,
            count(*) filter (
              where a.status = 'cancelled'
                and exists (select 1 from appointment_events e where e.appointment_id = a.id and e.action = 'cancelled' and e.actor_id = a.customer_id)
            )::int as by_customer
          from appointments a
          where ${inSpan(sql`a.starts_at`, span)} and ${atLocation(location)}`,
    ),
    rows<{ seen: number; returning: number }>(
      db,
      sql`with seen as (
            select distinct a.customer_id from appointments a
            where ${inSpan(sql`a.starts_at`, span)} and ${atLocation(location)} and ${held}
          )
          select count(*)::int as seen,
            count(*) filter (
              where exists (
                select 1 from appointments a
                where a.customer_id = seen.customer_id and a.starts_at < ${span.start}::timestamptz and ${held}
              )
            )::int as returning
          from seen`,
    ),
  ]);
  const visitsHeld = Number(starting!.held);
  const noShows = Number(starting!.no_shows);
  const cancelled = Number(starting!.cancelled);
  const early = Number(starting!.early);
  const byCustomer = Number(starting!.by_customer);
  return {
    bookingsMade: made!.made,
    visitsHeld,
    bookedValue: { cents: cents(starting!.booked_cents) },
    completedValue: { cents: cents(starting!.completed_cents) },
    packageSessions: Number(starting!.package_sessions),
    cancellations: { early, late: cancelled - early, byCustomer, byStaff: cancelled - byCustomer },
    noShows,
    noShowRate: visitsHeld + noShows === 0 ? 0 : noShows / (visitsHeld + noShows),
    onlineBookings: made!.online,
    deskBookings: made!.made - made!.online,
    customers: { new: customers!.seen - customers!.returning, returning: customers!.returning },
  };
}

/** Bookings made and visits held on each New York date of the period, zeros included. */
export async function byDayFor(db: Db, period: ReportPeriod, location: ReportLocation): Promise<Report['byDay']> {
  const span = spanOf(period);
  const [made, visits] = await Promise.all([
    rows<{ day: string; n: number }>(
      db,
      sql`select (a.created_at at time zone ${TIME_ZONE})::date::text as day, count(*)::int as n
          from appointments a where ${inSpan(sql`a.created_at`, span)} and ${atLocation(location)} group by 1`,
    ),
    rows<{ day: string; n: number }>(
      db,
      sql`select (a.starts_at at time zone ${TIME_ZONE})::date::text as day, count(*)::int as n
          from appointments a where ${inSpan(sql`a.starts_at`, span)} and ${atLocation(location)} and ${held} group by 1`,
    ),
  ]);
  const madeOn = new Map(made.map((row) => [row.day, row.n]));
  const heldOn = new Map(visits.map((row) => [row.day, row.n]));
  return datesOf(period).map((date) => ({ date, bookingsMade: madeOn.get(date) ?? 0, visitsHeld: heldOn.get(date) ?? 0 }));
}

/** Sorted, non-overlapping intervals covering the same time. */
function union(intervals: Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const next of [...intervals].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else merged.push({ ...next });
  }
  return merged;
}

function minutesLess(worked: Interval[], away: Interval[]): number {
  let ms = 0;
  const gone = union(away);
  for (const span of worked) {
    ms += span.end - span.start;
    for (const block of gone) ms -= Math.max(0, Math.min(span.end, block.end) - Math.max(span.start, block.start));
  }
  return Math.round(ms / 60_000);
}

/** Each therapist's rostered minutes at one location: shifts within opening hours, not on closed days, less time off. */
async function rosteredAt(db: Db, location: number, period: ReportPeriod): Promise<Map<number, number>> {
  const dates = datesOf(period);
  const closed = new Set((await closuresFor(db, location, period.from as DateInLocationTz, period.to as DateInLocationTz)).map((c) => c.date));
  const worked = new Map<string, { therapistId: number; spans: Interval[] }>();
  for (const shift of await shiftsOn(db, location, dates)) {
    const hours = hoursOn(location, shift.date);
    if (closed.has(shift.date) || !hours) continue;
    const open = openingWindow(shift.date, hours);
    const start = shift.startMinute === null ? open.start : Math.max(open.start, localMinuteToUtcMs(shift.date, shift.startMinute));
    const end = shift.endMinute === null ? open.end : Math.min(open.end, localMinuteToUtcMs(shift.date, shift.endMinute));
    if (end <= start) continue;
    const key = `${shift.therapistId} ${shift.date}`;
    const day = worked.get(key) ?? { therapistId: shift.therapistId, spans: [] };
    day.spans.push({ start, end });
    worked.set(key, day);
  }
  const therapistIds = [...new Set([...worked.values()].map((day) => day.therapistId))];
  const away = await timeOffBusy(db, therapistIds, dates);
  const minutes = new Map<number, number>();
  for (const day of worked.values()) {
    const spans = union(day.spans);
    const blocks = away.filter((block) => block.therapistId === day.therapistId);
    minutes.set(day.therapistId, (minutes.get(day.therapistId) ?? 0) + minutesLess(spans, blocks));
  }
  return minutes;
}

/** Booked against rostered minutes, per therapist and location, busiest first. */
export async function utilisationFor(db: Db, period: ReportPeriod, location: ReportLocation): Promise<TherapistUtilisation[]> {
  const span = spanOf(period);
  const booked = await rows<{ therapist_id: number; location: number; minutes: number }>(
    db,
    sql`select a.therapist_id, a.location, round(sum(extract(epoch from a.ends_at - a.starts_at)) / 60)::int as minutes
        from appointments a where ${inSpan(sql`a.starts_at`, span)} and ${atLocation(location)} and a.status = 'booked'
        group by 1, 2`,
  );
  const names = new Map(
    (await rows<{ id: number; name: string }>(db, sql`select id, name from therapists`)).map((row) => [Number(row.id), row.name]),
  );
  const figures = new Map<string, TherapistUtilisation>();
  const entry = (therapistId: number, at: number) => {
    const key = `${therapistId} ${at}`;
    let found = figures.get(key);
    if (!found) figures.set(key, (found = { therapistId, name: names.get(therapistId) ?? `Therapist ${therapistId}`, location: at, bookedMinutes: 0, rosteredMinutes: 0 }));
    return found;
  };
  for (const at of location === 'all' ? LOCATIONS.map((l) => l.id) : [location]) {
    for (const [therapistId, minutes] of await rosteredAt(db, at, period)) entry(therapistId, at).rosteredMinutes = minutes;
  }
  for (const row of booked) entry(Number(row.therapist_id), Number(row.location)).bookedMinutes = Number(row.minutes);
  return [...figures.values()].sort((a, b) => b.bookedMinutes - a.bookedMinutes || a.location - b.location || a.name.localeCompare(b.name));
}

/** The services of the visits held, ranked by visits and by value (each top 10); a package line adds a visit, no value. */
export async function topServicesFor(db: Db, period: ReportPeriod, location: ReportLocation): Promise<Report['topServices']> {
  const span = spanOf(period);
  const ranked: ServiceRank[] = (
    await rows<{ id: string; name: string; visits: number; cents: string | number }>(
      db,
      sql`select l ->> 'id' as id, min(l ->> 'name') as name, count(*)::int as visits, round(sum((l ->> 'price')::numeric) * 100)::bigint as cents
          from appointments a cross join lateral jsonb_array_elements(a.lines) as l
          where ${inSpan(sql`a.starts_at`, span)} and ${atLocation(location)} and ${held}
          group by 1`,
    )
  ).map((row) => ({ serviceId: row.id, name: row.name, visits: row.visits, value: { cents: Number(row.cents) } }));
  const byName = (a: ServiceRank, b: ServiceRank) => a.name.localeCompare(b.name);
  return {
    byVisits: [...ranked].sort((a, b) => b.visits - a.visits || byName(a, b)).slice(0, TOP_SERVICES),
    byValue: [...ranked].sort((a, b) => b.value.cents - a.value.cents || byName(a, b)).slice(0, TOP_SERVICES),
  };
}

/**
 * Packages sold in the period and sessions redeemed there; sessions owed at its end (sold until then less redeemed
 * until then, per offer) and their value at the offer's price per session.
 */
export async function packagesFor(db: Db, period: ReportPeriod, location: ReportLocation): Promise<PackageFigures> {
  const span = spanOf(period);
  const [figures] = await rows<{ sold: number; redeemed: number; owed: number; owed_cents: string | number }>(
    db,
    sql`with offer as (
          select o.id as pv_id,
            sum((l ->> 'sessions')::int * cardinality(o.service_ids)) as credited,
            min(o.price / (greatest((o.data ->> 'pvQtyCombined')::int, 1) * cardinality(o.service_ids))) as per_session,
            sum((l ->> 'sessions')::int / greatest((o.data ->> 'pvQtyCombined')::int, 1)) filter (where m.updated_at >= ${span.start}::timestamptz) as sold
          from meta m cross join lateral jsonb_array_elements(m.value -> 'lines') as l
          join catalog_offers o on o.id = (l ->> 'pvId')::uuid
          where m.key like ${PAID_ORDER_KEYS} and m.updated_at < ${span.end}::timestamptz
          group by o.id
        ),
        used as (
          select (l ->> 'pkgId')::uuid as pv_id, count(*) as sessions,
            count(*) filter (where a.starts_at >= ${span.start}::timestamptz and ${atLocation(location)}) as redeemed
          from appointments a cross join lateral jsonb_array_elements(a.lines) as l
          where ${PACKAGE_BOOKINGS} and a.starts_at < ${span.end}::timestamptz and l ->> 'pkgId' is not null
          group by 1
        ),
        owed as (
          select greatest(offer.credited - coalesce(used.sessions, 0), 0) as sessions, offer.per_session
          from offer left join used on used.pv_id = offer.pv_id
        )
        select
          (select coalesce(sum(sold), 0) from offer)::int as sold,
          (select coalesce(sum(redeemed), 0) from used)::int as redeemed,
          (select coalesce(sum(sessions), 0) from owed)::int as owed,
          (select coalesce(round(sum(sessions * per_session) * 100), 0) from owed)::bigint as owed_cents`,
  );
  return { sold: figures!.sold, sessionsRedeemed: figures!.redeemed, sessionsOwed: figures!.owed, owedValue: { cents: Number(figures!.owed_cents) } };
}

/** The whole report of a period at a location, beside the period before: the parts at once (PostgreSQL's pool runs them side by side). */
export async function reportFor(db: Db, query: ReportQuery): Promise<Report> {
  const period: ReportPeriod = { from: query.from, to: query.to };
  const previous = previousPeriod(period);
  const { location } = query;
  const [current, before, byDay, utilisation, utilisationBefore, topServices, packages, packagesBefore] = await Promise.all([
    figuresFor(db, period, location),
    figuresFor(db, previous, location),
    byDayFor(db, period, location),
    utilisationFor(db, period, location),
    utilisationFor(db, previous, location),
    topServicesFor(db, period, location),
    packagesFor(db, period, location),
    packagesFor(db, previous, location),
  ]);
  return { period, previous, location, current, before, byDay, utilisation, utilisationBefore, topServices, packages, packagesBefore };
}
