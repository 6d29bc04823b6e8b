import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { localDateOf } from '@/lib/booking/dates';
import { closeDb, getDb, type Db } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';
import { seedDatabase } from '@/lib/db/seed';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { reportFor } from '../figures';
import { periodSpan } from '../period';
import { generateHistory, type HistoryOptions, type HistorySummary } from './history';

jest.setTimeout(300_000);
createTempDataDir('salon-history-');
afterAll(closeDb);

/** Two weeks from March 7 2026, across the spring-forward day, a week ahead booked, on a fixed day. */
const NOW = Date.parse('2026-03-20T17:00:00Z');
const OPTIONS: HistoryOptions = { days: 14, customers: 200, appointments: 800, aheadDays: 7, seed: 35, now: NOW };
/** From the spring-forward day (23 hours) to the history's today: the day before is history the customers return from. */
const period = { from: '2026-03-08', to: localDateOf(NOW) };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(db, query))[0]!;
}

/** A digest of every row the generator writes, in a fixed order. */
async function digest(db: Db): Promise<string> {
  const { d } = await one<{ d: string }>(
    db,
    sql`select md5(
          (select string_agg(a::text, '|' order by a.id) from appointments a) ||
          (select string_agg(b::text, '|' order by b.id) from bookings b) ||
          (select string_agg(concat_ws(',', e.appointment_id, e.actor_id, e.action, e.details, e.at), '|' order by e.appointment_id, e.at, e.action) from appointment_events e) ||
          (select string_agg(concat_ws(',', u.id, u.email, u.phone, u.name, u.role, u.created_at), '|' order by u.id) from users u) ||
          (select string_agg(m::text, '|' order by m.key) from meta m where m.key like 'shop-order:%') ||
          (select string_agg(concat_ws(',', p.customer_id, p.pv_id, p.sessions_total, p.sessions_used), '|' order by p.customer_id, p.pv_id) from customer_packages p)
        ) as d`,
  );
  return d;
}

describe('a generated history (two weeks, 200 customers)', () => {
  let db: Db;
  let summary: HistorySummary;

  beforeAll(async () => {
    db = await getDb();
    summary = await generateHistory(db, OPTIONS);
  });

  it('writes about the appointments asked for, as many as it says, with the exclusion constraints in place', async () => {
    const counts = await one<{ appointments: number; bookings: number; customers: number; events: number }>(
      db,
      sql`select (select count(*) from appointments)::int as appointments, (select count(*) from bookings)::int as bookings,
            (select count(*) from users where role = 'customer')::int as customers, (select count(*) from appointment_events)::int as events`,
    );
    expect(counts).toEqual({ appointments: summary.appointments, bookings: summary.bookings, customers: 200, events: summary.events });
    expect(summary.appointments).toBeGreaterThan(800 * 0.9);
    expect(summary.appointments).toBeLessThan(800 * 1.1);
    const constraints = await rows<{ conname: string }>(db, sql`select conname from pg_constraint where conname in ('appointments_no_overlap', 'appointments_customer_no_overlap') order by 1`);
    expect(constraints.map((row) => row.conname)).toEqual(['appointments_customer_no_overlap', 'appointments_no_overlap']);
  });

  it('never books a therapist or a customer twice at once', async () => {
    const clashes = await one<{ therapist: number; customer: number }>(
      db,
      sql`select
            count(*) filter (where a.therapist_id = b.therapist_id)::int as therapist,
            count(*) filter (where a.customer_id = b.customer_id)::int as customer
          from appointments a join appointments b on a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at
          where a.status = 'booked' and b.status = 'booked'`,
    );
    expect(clashes).toEqual({ therapist: 0, customer: 0 });
  });

  it('books rostered therapists within the opening hours, for services they do, at the catalogue\'s prices and durations', async () => {
    const wrong = await one<Record<string, number>>(
      db,
      sql`with a as (
            select a.*, (a.starts_at at time zone 'America/New_York') as local_start, (a.ends_at at time zone 'America/New_York') as local_end
            from appointments a
          )
          select
            count(*) filter (where not exists (
              select 1 from opening_hours h where h.location = a.location and h.weekday = extract(dow from a.local_start)
                and extract(hour from a.local_start) * 60 + extract(minute from a.local_start) >= h.open_minute
                and extract(hour from a.local_end) * 60 + extract(minute from a.local_end) <= h.close_minute
                and a.local_start::date = a.local_end::date))::int as outside_hours,
            count(*) filter (where not exists (
              select 1 from rosters r where r.therapist_id = a.therapist_id and r.location = a.location and r.area_id = a.area_id
                and r.weekday = extract(dow from a.local_start)))::int as off_roster,
            count(*) filter (where extract(minute from a.local_start)::int % 15 <> 0)::int as off_grid,
            count(*) filter (where exists (
              select 1 from therapist_time_off t where t.therapist_id = a.therapist_id and t.starts_at < a.ends_at and a.starts_at < t.ends_at)
              and a.status = 'booked')::int as on_time_off,
            count(*) filter (where exists (
              select 1 from jsonb_array_elements(a.lines) l
              left join catalog_services s on s.id = (l ->> 'id')::uuid
              left join therapist_services ts on ts.service_id = s.id and ts.therapist_id = a.therapist_id and ts.location = a.location
              where ts.service_id is null or s.area_id <> a.area_id or (l ->> 'duration')::int <> s.duration
                or (l ->> 'price')::numeric <> case when l ->> 'pkgId' is null then s.price else 0 end))::int as wrong_line,
            count(*) filter (where a.price <> (select sum((l ->> 'price')::numeric) from jsonb_array_elements(a.lines) l)
              or extract(epoch from a.ends_at - a.starts_at) / 60 <> (select sum((l ->> 'duration')::int) from jsonb_array_elements(a.lines) l))::int as wrong_total
          from a`,
    );
    expect(wrong).toEqual({ outside_hours: 0, off_roster: 0, off_grid: 0, on_time_off: 0, wrong_line: 0, wrong_total: 0 });
  });

  it('gives the mix asked for: desk and online, cancellations early and late, no-shows, moves, attendance', async () => {
    const mix = await one<Record<string, number>>(
      db,
      sql`select count(*)::int as all,
            count(*) filter (where b.created_by is not null)::int as desk,
            count(*) filter (where a.status = 'cancelled' and a.starts_at - a.cancelled_at >= interval '24 hours')::int as early,
            count(*) filter (where a.status = 'cancelled' and a.starts_at - a.cancelled_at < interval '24 hours')::int as late,
            count(*) filter (where a.attendance = 'no_show')::int as no_shows,
            count(*) filter (where a.status = 'booked' and a.ends_at + interval '15 minutes' <= ${new Date(NOW).toISOString()}::timestamptz)::int as past_kept,
            count(*) filter (where a.attendance = 'completed')::int as completed,
            count(*) filter (where a.ics_sequence > 0 and a.status = 'booked')::int as moved
          from appointments a join bookings b on b.id = a.booking_id`,
    );
    const share = (n: number) => n / mix.all!;
    expect(share(mix.desk!)).toBeGreaterThan(0.2);
    expect(share(mix.desk!)).toBeLessThan(0.6);
    expect(share(mix.early!)).toBeGreaterThan(0.05);
    expect(share(mix.early!)).toBeLessThan(0.11);
    expect(share(mix.late!)).toBeGreaterThan(0.01);
    expect(share(mix.late!)).toBeLessThan(0.05);
    expect(share(mix.no_shows!)).toBeGreaterThan(0.01);
    expect(share(mix.no_shows!)).toBeLessThan(0.05);
    expect(mix.completed! / mix.past_kept!).toBeGreaterThan(0.9);
    expect(share(mix.moved!)).toBeGreaterThan(0.02);
    expect([mix.early, mix.late, mix.no_shows]).toEqual([summary.cancelledEarly, summary.cancelledLate, summary.noShows]);
  });

  it('records each change as the booking and the desk do: who booked, moved, marked and cancelled', async () => {
    const wrong = await one<Record<string, number>>(
      db,
      sql`select
            count(*) filter (where not exists (
              select 1 from appointment_events e where e.appointment_id = a.id and e.action = 'booked' and e.at = a.created_at
                and e.actor_id = coalesce(b.created_by, a.customer_id)))::int as booked,
            count(*) filter (where a.status = 'cancelled' and not exists (
              select 1 from appointment_events e join users u on u.id = e.actor_id
              where e.appointment_id = a.id and e.action = 'cancelled' and e.at = a.cancelled_at and (e.actor_id = a.customer_id or u.role = 'staff')))::int as cancelled,
            count(*) filter (where a.status = 'cancelled' and a.starts_at - a.cancelled_at < interval '24 hours'
              and exists (select 1 from appointment_events e where e.appointment_id = a.id and e.action = 'cancelled' and e.actor_id = a.customer_id)
              and not exists (select 1 from appointment_events e where e.appointment_id = a.id and e.action = 'notified' and e.at < a.cancelled_at))::int as late_unasked,
            count(*) filter (where a.attendance = 'completed' and (
              select array_agg(e.details ->> 'to' order by e.at) from appointment_events e where e.appointment_id = a.id and e.action = 'attendance') <> array['checked_in', 'completed'])::int as completed,
            count(*) filter (where a.ics_sequence <> (select count(*) from appointment_events e where e.appointment_id = a.id and e.action in ('moved', 'cancelled')))::int as sequence
          from appointments a join bookings b on b.id = a.booking_id`,
    );
    expect(wrong).toEqual({ booked: 0, cancelled: 0, late_unasked: 0, completed: 0, sequence: 0 });
    const lateByCustomer = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from appointments a where a.status = 'cancelled' and a.starts_at - a.cancelled_at < interval '24 hours'
            and exists (select 1 from appointment_events e where e.appointment_id = a.id and e.action = 'cancelled' and e.actor_id = a.customer_id)`,
    );
    expect(lateByCustomer.n).toBeLessThan(summary.cancelledLate);
  });

  it('sells packages through paid orders and uses their sessions, never more than were credited', async () => {
    const packages = await one<Record<string, number>>(
      db,
      sql`select
            (select count(*) from meta where key like 'shop-order:%')::int as orders,
            (select count(*) from customer_packages)::int as owned,
            (select count(*) from customer_packages p where p.sessions_used <> (
              select count(*) from appointments a cross join jsonb_array_elements(a.lines) l
              where a.customer_id = p.customer_id and a.status = 'booked' and l ->> 'pkgId' = p.pv_id::text))::int as used_wrong,
            (select count(*) from customer_packages p where p.sessions_total <> (
              select sum((l ->> 'sessions')::int) from meta m cross join jsonb_array_elements(m.value -> 'lines') l
              where m.key like 'shop-order:%' and m.value ->> 'customerId' = p.customer_id::text and l ->> 'pvId' = p.pv_id::text))::int as total_wrong,
            (select count(*) from appointments a cross join jsonb_array_elements(a.lines) l where l ->> 'pkgId' is not null and a.status = 'booked')::int as sessions`,
    );
    expect(packages.orders).toBe(summary.packageOrders);
    expect(packages.orders).toBeGreaterThan(0);
    expect(packages.sessions).toBe(summary.packageSessions);
    expect(packages.sessions).toBeGreaterThan(0);
    expect([packages.used_wrong, packages.total_wrong]).toEqual([0, 0]);
  });

  it("gives reportFor figures that add up: each appointment starting in the period held, a no-show or cancelled", async () => {
    const report = await reportFor(db, { ...period, location: 'all' });
    const { start, end } = periodSpan(period);
    const span = { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
    const counted = await one<{ starting: number; made: number; customers: number }>(
      db,
      sql`select
            (select count(*) from appointments where starts_at >= ${span.start}::timestamptz and starts_at < ${span.end}::timestamptz)::int as starting,
            (select count(*) from appointments where created_at >= ${span.start}::timestamptz and created_at < ${span.end}::timestamptz)::int as made,
            (select count(distinct customer_id) from appointments where starts_at >= ${span.start}::timestamptz and starts_at < ${span.end}::timestamptz
              and status = 'booked' and attendance is distinct from 'no_show')::int as customers`,
    );
    const { current } = report;
    expect(current.visitsHeld + current.noShows + current.cancellations.early + current.cancellations.late).toBe(counted.starting);
    expect(current.cancellations.byCustomer + current.cancellations.byStaff).toBe(current.cancellations.early + current.cancellations.late);
    expect(current.bookingsMade).toBe(counted.made);
    expect(current.onlineBookings + current.deskBookings).toBe(current.bookingsMade);
    expect(current.customers.new + current.customers.returning).toBe(counted.customers);
    expect(current.customers.returning).toBeGreaterThan(0);
    expect(report.byDay.reduce((sum, day) => sum + day.visitsHeld, 0)).toBe(current.visitsHeld);
    // The layout keeps each therapist inside the roster the report reads (shifts less time off and closures).
    expect(report.utilisation.length).toBeGreaterThan(0);
    for (const row of report.utilisation) expect(row.bookedMinutes).toBeLessThanOrEqual(row.rosteredMinutes);
    expect(report.packages.sessionsRedeemed).toBeGreaterThan(0);

    const bySalon = await Promise.all(([1, 2, 3, 4] as const).map((location) => reportFor(db, { ...period, location })));
    expect(bySalon.reduce((sum, salon) => sum + salon.current.visitsHeld, 0)).toBe(current.visitsHeld);
    expect(bySalon[2]!.current.visitsHeld).toBe(0);
  });

  it('gives the same history for the same seed and day, and refuses a database that holds appointments', async () => {
    await expect(generateHistory(db, OPTIONS)).rejects.toThrow('already holds appointments');
    const dir = mkdtempSync(path.join(tmpdir(), 'salon-history-again-'));
    const other = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    try {
      await seedDatabase(other.db);
      const again = await generateHistory(other.db, OPTIONS);
      expect({ ...again, ms: 0 }).toEqual({ ...summary, ms: 0 });
      expect(await digest(other.db)).toBe(await digest(db));
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
