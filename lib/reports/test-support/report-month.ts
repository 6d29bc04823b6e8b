import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { localToUtcMs, type DateInLocationTz, type DateTimeInLocationTz } from '@/lib/booking/dates';
import { shiftsOn } from '@/lib/booking/shifts';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { allServiceItems } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { catalogChanged } from '@/lib/catalog/live';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import {
  appointmentEvents,
  appointments,
  bookings,
  catalogOffers,
  locationClosures,
  meta,
  rosters,
  shiftChanges,
  therapists,
  therapistTimeOff,
  type StoredLine,
} from '@/lib/db/schema';
import { readLocationHours, saveLocationHours } from '@/lib/desk/hours';
import { removeShift, saveShift } from '@/lib/desk/rosters';
import { deleteTimeOff } from '@/lib/desk/schedule';
import { retireTherapist } from '@/lib/team/therapists';
import { reportFor } from '../figures';
import type { Report } from '../report';

/**
 * A known month, March 2009 (long ago, so that no other test's rows fall in it: the PostgreSQL tests share one
 * database), and the February before it, at SoHo (1) and Midtown (2), with two therapists of its own. Every figure
 * below is counted by hand from the rows written here; the comments say how.
 *
 * March 8 2009 is the spring-forward day. New York times are written as local wall-clock times and placed on the
 * clock by the time-zone database; a few sit where a UTC day would put them on another date.
 */
export const T1 = 201;
export const T2 = 202;

const at = (local: string) => new Date(localToUtcMs(local as DateTimeInLocationTz));

export interface MonthFacts {
  /** A package offer: its id, service, sessions per sale and price. */
  pkg: { id: string; serviceId: string; perSale: number; price: number };
  /** A bundle offer: its id, services and price. */
  bundle: { id: string; serviceIds: string[]; price: number };
  services: { s1: string; s2: string; s3: string };
  /** T1's weekly Sunday class, 17:00-19:00, on the rosters since always. */
  weeklyTimeOffId: string;
}

export async function seedReportMonth(db: Db): Promise<MonthFacts> {
  const [pkgRow] = await db.select().from(catalogOffers).where(eq(catalogOffers.kind, 'package')).limit(1);
  const [bundleRow] = await db.select().from(catalogOffers).where(eq(catalogOffers.kind, 'bundle')).limit(1);
  const pkg = { id: pkgRow!.id, serviceId: pkgRow!.serviceIds[0]!, perSale: Number((pkgRow!.data as { pvQtyCombined: number }).pvQtyCombined), price: pkgRow!.price };
  const bundle = { id: bundleRow!.id, serviceIds: bundleRow!.serviceIds, price: bundleRow!.price };
  const item = (id: string) => allServiceItems().find((candidate) => candidate.id === id)!;
  const others = allServiceItems().filter((candidate) => candidate.id !== pkg.serviceId && !bundle.serviceIds.includes(candidate.id));
  const s1 = pkg.serviceId;
  const [s2, s3] = [others[0]!.id, others[1]!.id];
  const line = (id: string, price: number, pkgId: string | null = null): StoredLine => {
    const service = item(id);
    return { id, svcId: service.value, name: service.name, serviceTypeId: service.svcType, gen: service.gen, duration: 30, price, pkgId };
  };

  await db.insert(therapists).values([
    { id: T1, name: 'Report Therapist One' },
    { id: T2, name: 'Report Therapist Two' },
  ]);
  // T1 at SoHo: Mondays 10:00-14:00 in two areas (one shift, counted once), Sundays the opening hours (11:00-18:00).
  await db.insert(rosters).values([
    { therapistId: T1, location: 1, areaId: 1, weekday: 1, startMinute: 600, endMinute: 840 },
    { therapistId: T1, location: 1, areaId: 2, weekday: 1, startMinute: 600, endMinute: 840 },
    { therapistId: T1, location: 1, areaId: 1, weekday: 0, startMinute: null, endMinute: null },
  ]);
  // March 16 (a Monday) SoHo closed; March 30 T1 works 12:00-14:00 only; March 9 an hour off; every Sunday 17:00-19:00 off.
  await db.insert(locationClosures).values({ location: 1, date: '2009-03-16', name: 'Burst pipe' });
  await db.insert(shiftChanges).values({ therapistId: T1, location: 1, date: '2009-03-30', off: false, startMinute: 720, endMinute: 840 });
  const [, weekly] = await db
    .insert(therapistTimeOff)
    .values([
      { therapistId: T1, startsAt: at('2009-03-09 11:00'), endsAt: at('2009-03-09 12:00'), reason: 'Dentist' },
      { therapistId: T1, weekday: 0, startMinute: 1020, endMinute: 1140, reason: 'Class' },
    ])
    .returning({ id: therapistTimeOff.id });

  const staff = await insertUser(db, 'staff');
  const [c1, c2, c3, c4, c5, c6] = [await insertUser(db), await insertUser(db), await insertUser(db), await insertUser(db), await insertUser(db), await insertUser(db)];

  async function visit(v: {
    customer: string;
    therapist?: number;
    location?: number;
    start: string;
    minutes: number;
    lines: StoredLine[];
    created: string;
    desk?: boolean;
    attendance?: 'completed' | 'no_show';
    cancelled?: { at: string; by: string };
    movedFrom?: string;
  }): Promise<void> {
    const location = v.location ?? 1;
    const [booking] = await db
      .insert(bookings)
      .values({ customerId: v.customer, createdBy: v.desk ? staff : null, location, gender: 0, createdAt: at(v.created) })
      .returning({ id: bookings.id });
    const startsAt = at(v.start);
    const [row] = await db
      .insert(appointments)
      .values({
        bookingId: booking!.id,
        customerId: v.customer,
        location,
        areaId: 1,
        therapistId: v.therapist ?? T1,
        requestedTherapistId: 0,
        startsAt,
        endsAt: new Date(startsAt.getTime() + v.minutes * 60_000),
        status: v.cancelled ? 'cancelled' : 'booked',
        cancelledAt: v.cancelled ? at(v.cancelled.at) : null,
        attendance: v.attendance ?? null,
        lines: v.lines,
        price: v.lines.reduce((sum, l) => sum + l.price, 0),
        createdAt: at(v.created),
      })
      .returning({ id: appointments.id });
    await db.insert(appointmentEvents).values({ appointmentId: row!.id, actorId: v.desk ? staff : v.customer, action: 'booked', at: at(v.created) });
    if (v.movedFrom) await db.insert(appointmentEvents).values({ appointmentId: row!.id, actorId: v.customer, action: 'moved', details: { from: { start: at(v.movedFrom).toISOString() } }, at: at(v.created) });
    if (v.cancelled) await db.insert(appointmentEvents).values({ appointmentId: row!.id, actorId: v.cancelled.by, action: 'cancelled', at: at(v.cancelled.at) });
  }

  // February (the period before): P1 held and completed; P2 held late on the 28th (04:30 UTC on March 1).
  await visit({ customer: c1, start: '2009-02-10 10:00', minutes: 60, lines: [line(s1, 100)], created: '2009-01-20 09:00', attendance: 'completed' });
  await visit({ customer: c3, start: '2009-02-28 23:30', minutes: 30, lines: [line(s2, 20)], created: '2009-02-27 09:00' });
  // March at SoHo.
  await visit({ customer: c1, start: '2009-03-02 10:00', minutes: 60, lines: [line(s1, 100)], created: '2009-02-20 09:00', attendance: 'completed' }); // A1, made in February
  await visit({ customer: c2, start: '2009-03-03 11:00', minutes: 30, lines: [line(s2, 50)], created: '2009-03-01 10:00', desk: true, attendance: 'completed' }); // A2
  await visit({ customer: c2, start: '2009-03-08 12:00', minutes: 45, lines: [line(s1, 0, pkg.id)], created: '2009-03-05 09:00', attendance: 'completed' }); // A3, a package session on the DST day
  await visit({ customer: c3, start: '2009-03-10 10:00', minutes: 60, lines: [line(s3, 80)], created: '2009-03-02 09:00', attendance: 'no_show' }); // A4
  await visit({ customer: c4, start: '2009-03-12 15:00', minutes: 30, lines: [line(s2, 40)], created: '2009-03-03 09:00', cancelled: { at: '2009-03-10 15:00', by: c4 } }); // A5 early, customer
  await visit({ customer: c4, start: '2009-03-13 15:00', minutes: 30, lines: [line(s2, 40), line(s1, 0, pkg.id)], created: '2009-03-03 10:00', cancelled: { at: '2009-03-13 09:00', by: c4 } }); // A6 late, customer
  await visit({ customer: c1, start: '2009-03-20 10:00', minutes: 30, lines: [line(s3, 60)], created: '2009-03-04 09:00', desk: true, cancelled: { at: '2009-03-19 14:00', by: staff } }); // A7 late (20 h), staff
  await visit({ customer: c1, start: '2009-03-31 23:30', minutes: 30, lines: [line(s2, 40), line(s3, 30)], created: '2009-03-09 00:30' }); // A8: 03:30 UTC on April 1; made 04:30 UTC on March 9
  await visit({ customer: c2, start: '2009-04-01 00:15', minutes: 30, lines: [line(s2, 30)], created: '2009-03-31 23:45' }); // A9: April's; made on March 31 (April 1 in UTC)
  await visit({ customer: c6, start: '2009-04-02 10:00', minutes: 30, lines: [line(s2, 50)], created: '2009-03-07 09:00', movedFrom: '2009-03-14 10:00' }); // A12 moved out of March
  // March at Midtown.
  await visit({ customer: c5, therapist: T2, location: 2, start: '2009-03-05 10:00', minutes: 60, lines: [line(s3, 120), line(bundle.serviceIds[0]!, 0, bundle.id)], created: '2009-03-01 00:30', desk: true, attendance: 'completed' }); // A10
  await visit({ customer: c5, therapist: T2, location: 2, start: '2009-03-25 10:00', minutes: 30, lines: [line(s3, 90)], created: '2009-03-06 09:00', cancelled: { at: '2009-03-20 10:00', by: staff } }); // A11 early, staff

  // Paid orders: the package once in February; the package twice and the bundle once in March; again in April.
  const order = async (key: string, when: string, customerId: string, lines: { pvId: string; sessions: number }[]) => {
    await db.insert(meta).values({ key: `shop-order:demo:${key}`, value: { customerId, lines: lines.map((l) => ({ ...l, sku: 'x' })), name: null }, updatedAt: at(when) });
  };
  await order(`r1-${randomUUID()}`, '2009-02-15 12:00', c2, [{ pvId: pkg.id, sessions: pkg.perSale }]);
  await order(`r2-${randomUUID()}`, '2009-03-04 12:00', c1, [
    { pvId: pkg.id, sessions: 2 * pkg.perSale },
    { pvId: bundle.id, sessions: 1 },
  ]);
  await order(`r3-${randomUUID()}`, '2009-04-02 12:00', c1, [{ pvId: pkg.id, sessions: pkg.perSale }]);
  return { pkg, bundle, services: { s1, s2, s3 }, weeklyTimeOffId: weekly!.id };
}

/** The scenario's checks, shared by the PGlite and the PostgreSQL test files. */
export function reportMonthScenario(database: () => Promise<Db>): void {
  let facts: MonthFacts;
  let soho: Report;
  let all: Report;
  let midtown: Report;

  beforeAll(async () => {
    const db = await database();
    facts = await seedReportMonth(db);
    soho = await reportFor(db, { from: '2009-03-01', to: '2009-03-31', location: 1 });
    all = await reportFor(db, { from: '2009-03-01', to: '2009-03-31', location: 'all' });
    midtown = await reportFor(db, { from: '2009-03-01', to: '2009-03-31', location: 2 });
  });

  it('compares March with the whole of February', () => {
    expect(soho.period).toEqual({ from: '2009-03-01', to: '2009-03-31' });
    expect(soho.previous).toEqual({ from: '2009-02-01', to: '2009-02-28' });
  });

  it('counts SoHo\'s March by hand', () => {
    expect(soho.current).toEqual({
      // Created on March NY dates: A2, A3, A4, A5, A6, A7, A8, A9, A12; A2 and A7 at the desk.
      bookingsMade: 9,
      onlineBookings: 7,
      deskBookings: 2,
      // Starting in March: A1, A2, A3, A8 held; A4 a no-show; A5, A6, A7 cancelled.
      visitsHeld: 4,
      noShows: 1,
      noShowRate: 1 / 5,
      // Not cancelled: A1 100 + A2 50 + A3 0 (a package) + A4 80 + A8 70; completed: A1 + A2 + A3.
      bookedValue: { cents: 30_000 },
      completedValue: { cents: 15_000 },
      packageSessions: 1,
      // A5 48 hours before (early), A6 6 hours, A7 20 hours (late); A5 and A6 by the customer, A7 by staff.
      cancellations: { early: 1, late: 2, byCustomer: 2, byStaff: 1 },
      // C1 held a visit in February (returning); C2 had none before (new); C3's only March visit was a no-show.
      customers: { new: 1, returning: 1 },
    });
  });

  it('counts February, the period before, by hand', () => {
    expect(soho.before).toEqual({
      bookingsMade: 2,
      onlineBookings: 2,
      deskBookings: 0,
      visitsHeld: 2,
      noShows: 0,
      noShowRate: 0,
      bookedValue: { cents: 12_000 },
      completedValue: { cents: 10_000 },
      packageSessions: 0,
      cancellations: { early: 0, late: 0, byCustomer: 0, byStaff: 0 },
      customers: { new: 2, returning: 0 },
    });
  });

  it('counts Midtown alone and the four together', () => {
    expect(midtown.current).toEqual({
      bookingsMade: 2,
      onlineBookings: 1,
      deskBookings: 1,
      visitsHeld: 1,
      noShows: 0,
      noShowRate: 0,
      bookedValue: { cents: 12_000 },
      completedValue: { cents: 12_000 },
      packageSessions: 1,
      cancellations: { early: 1, late: 0, byCustomer: 0, byStaff: 1 },
      customers: { new: 1, returning: 0 },
    });
    expect(all.current).toEqual({
      bookingsMade: 11,
      onlineBookings: 8,
      deskBookings: 3,
      visitsHeld: 5,
      noShows: 1,
      noShowRate: 1 / 6,
      bookedValue: { cents: 42_000 },
      completedValue: { cents: 27_000 },
      packageSessions: 2,
      cancellations: { early: 2, late: 2, byCustomer: 2, byStaff: 2 },
      customers: { new: 2, returning: 1 },
    });
  });

  it('puts each booking and visit on its New York date, every date of the month listed', () => {
    expect(soho.byDay).toHaveLength(31);
    const nonZero = soho.byDay.filter((day) => day.bookingsMade > 0 || day.visitsHeld > 0);
    expect(nonZero).toEqual([
      { date: '2009-03-01', bookingsMade: 1, visitsHeld: 0 },
      { date: '2009-03-02', bookingsMade: 1, visitsHeld: 1 },
      { date: '2009-03-03', bookingsMade: 2, visitsHeld: 1 },
      { date: '2009-03-04', bookingsMade: 1, visitsHeld: 0 },
      { date: '2009-03-05', bookingsMade: 1, visitsHeld: 0 },
      { date: '2009-03-07', bookingsMade: 1, visitsHeld: 0 },
      { date: '2009-03-08', bookingsMade: 0, visitsHeld: 1 },
      { date: '2009-03-09', bookingsMade: 1, visitsHeld: 0 },
      { date: '2009-03-31', bookingsMade: 1, visitsHeld: 1 },
    ]);
  });

  const mine = (report: Report['utilisation']) => report.filter((row) => row.therapistId === T1 || row.therapistId === T2);

  it('sets booked minutes against rostered minutes, less closures, one-off changes and time off', () => {
    expect(mine(soho.utilisation)).toEqual([
      // Booked: A1 60 + A2 30 + A3 45 + A4 60 (a no-show still took the time) + A8 30.
      // Rostered: Mondays 2, 9, 23 at 240 less the hour off on the 9th, the 16th closed, the 30th 120;
      // Sundays 1, 8 (23 hours long), 15, 22, 29 at 420 less the weekly hour off inside the opening hours.
      { therapistId: T1, name: 'Report Therapist One', location: 1, bookedMinutes: 225, rosteredMinutes: 3 * 240 - 60 + 120 + 5 * 360 },
    ]);
    expect(mine(soho.utilisationBefore)).toEqual([
      { therapistId: T1, name: 'Report Therapist One', location: 1, bookedMinutes: 90, rosteredMinutes: 4 * 240 + 4 * 360 },
    ]);
    expect(mine(all.utilisation)).toEqual([
      { therapistId: T1, name: 'Report Therapist One', location: 1, bookedMinutes: 225, rosteredMinutes: 2580 },
      { therapistId: T2, name: 'Report Therapist Two', location: 2, bookedMinutes: 60, rosteredMinutes: 0 },
    ]);
  });

  it('ranks the services of the visits held, a package session adding a visit and no value', () => {
    const { s1, s2, s3 } = facts.services;
    const rank = (ranks: Report['topServices']['byVisits']) => ranks.map((r) => [r.serviceId, r.visits, r.value.cents]);
    const ordered = [
      [s1, 2, 10_000],
      [s2, 2, 9_000],
      [s3, 1, 3_000],
    ];
    expect(rank(soho.topServices.byValue)).toEqual(ordered);
    expect(rank(soho.topServices.byVisits).slice(2)).toEqual([[s3, 1, 3_000]]);
  });

  it('counts packages sold and redeemed, and the sessions still owed at the month\'s end with their value', () => {
    // The catalogue's first package: 3 sessions for $81 ($27 a session); its first bundle: 2 services for $85 ($42.50 each).
    expect([facts.pkg.perSale, facts.pkg.price, facts.bundle.serviceIds.length, facts.bundle.price]).toEqual([3, 81, 2, 85]);
    // Sold in March: the package twice and the bundle once (order r2); redeemed: A3 at SoHo, A10 at Midtown (A6 was
    // cancelled). Owed at March's end: the package's 9 sessions sold less A3 (8 x $27) and the bundle's 2 less A10 (1 x $42.50).
    const owed = { sessionsOwed: 9, owedValue: { cents: 25_850 } };
    expect(soho.packages).toEqual({ sold: 3, sessionsRedeemed: 1, ...owed });
    expect(all.packages).toEqual({ sold: 3, sessionsRedeemed: 2, ...owed });
    // At February's end: the one package sold in February, none used.
    expect(soho.packagesBefore).toEqual({ sold: 1, sessionsRedeemed: 0, sessionsOwed: 3, owedValue: { cents: 8_100 } });
  });

  it('keeps the closed month\'s rostered minutes after T1\'s weekly shifts change and after T1 retires', async () => {
    const db = await database();
    const closed = { march: mine(soho.utilisation), february: mine(soho.utilisationBefore) };
    expect(closed.march[0]!.rosteredMinutes).toBe(2580);
    const reportAgain = async () => {
      const again = await reportFor(db, { from: '2009-03-01', to: '2009-03-31', location: 1 });
      return { march: mine(again.utilisation), february: mine(again.utilisationBefore) };
    };
    // On Monday June 1 2009, after the month closed, the owner changes T1's Mondays to 11:00-12:00 in one area...
    const changeDay = localToUtcMs('2009-06-01 12:00' as DateTimeInLocationTz);
    const owner = { userId: null, name: 'Report Owner' };
    await saveShift(db, { location: 1, therapistId: T1, areaId: 1, weekday: 1, from: 660, to: 720 }, owner, changeDay);
    await removeShift(db, { location: 1, therapistId: T1, areaId: 2, weekday: 1 }, owner, changeDay);
    const shiftsOf = async (date: string) => (await shiftsOn(db, 1, [date as DateInLocationTz], { therapistId: T1 })).map((s) => [s.areaId, s.startMinute, s.endMinute]);
    expect(await shiftsOf('2009-06-01')).toEqual([[1, 660, 720]]);
    expect(await reportAgain()).toEqual(closed);

    // ...and the next Sunday retires T1, whose Sundays were on the rosters since always.
    expect((await retireTherapist(db, owner, T1, localToUtcMs('2009-06-07 12:00' as DateTimeInLocationTz))).kind).toBe('retired');
    expect(await reportAgain()).toEqual(closed);
    expect(await shiftsOf('2009-05-31')).toEqual([[1, null, null]]);
    expect(await shiftsOf('2009-06-07')).toEqual([]);
  });

  it("keeps the closed month's rostered minutes after SoHo's Monday hours change and T1's weekly class is removed", async () => {
    const db = await database();
    const closed = { march: mine(soho.utilisation), february: mine(soho.utilisationBefore) };
    const reportAgain = async () => {
      const again = await reportFor(db, { from: '2009-03-01', to: '2009-03-31', location: 1 });
      return { march: mine(again.utilisation), february: mine(again.utilisationBefore) };
    };
    const owner = { userId: null, name: 'Report Owner' };
    const changeDay = '2009-06-01' as DateInLocationTz;
    const sohoDesk = LOCATIONS.find((location) => location.id === 1)!;
    const asBefore = await readLocationHours(db, 1, changeDay);
    // SoHo opens at noon on Mondays from June 1: T1's March Mondays (10:00 to 14:00) would lose two hours each.
    const noon = { ...asBefore, week: { ...asBefore.week, 1: { open: 720, close: 1200, closed: false } } };
    try {
      expect((await saveLocationHours(db, sohoDesk, noon, owner, changeDay)).changed).toBe(true);
      await catalogChanged(db);
      expect([hoursOn(1, '2009-03-02'), hoursOn(1, '2009-06-01'), hoursOn(1, '2009-06-08')]).toEqual([
        { open: 600, close: 1200 },
        { open: 720, close: 1200 },
        { open: 720, close: 1200 },
      ]);
      expect(await reportAgain()).toEqual(closed);

      // The desk removes T1's Sunday class on June 1: March's Sundays keep the hour it took.
      expect(await deleteTimeOff(db, facts.weeklyTimeOffId, owner, localToUtcMs('2009-06-01 12:00' as DateTimeInLocationTz))).toBe(true);
      expect(await reportAgain()).toEqual(closed);
      const [ended] = await db.select({ validUntil: therapistTimeOff.validUntil }).from(therapistTimeOff).where(eq(therapistTimeOff.id, facts.weeklyTimeOffId));
      expect(ended).toEqual({ validUntil: '2009-06-01' });
      // Removed once, it is gone: a second removal finds nothing.
      expect(await deleteTimeOff(db, facts.weeklyTimeOffId, owner, localToUtcMs('2009-06-02 12:00' as DateTimeInLocationTz))).toBe(false);
    } finally {
      // The PostgreSQL tests share one database: SoHo's Mondays go back as they were.
      await saveLocationHours(db, sohoDesk, asBefore, owner, changeDay);
      await catalogChanged(db);
    }
    expect(hoursOn(1, '2009-06-08')).toEqual({ open: 600, close: 1200 });
  });
}
