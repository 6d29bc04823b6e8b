import 'server-only';
import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { localDateOf, localMinuteToUtcMs, nextDate, type DateInLocationTz } from '@/lib/booking/dates';
import { closureOn, timeOffBusy } from '@/lib/booking/schedule';
import { shiftsOn } from '@/lib/booking/shifts';
import { therapistById, therapistsDoing, therapistsFor } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { ANY_THERAPIST_ID, LOCATIONS } from '@/lib/catalog/tables';
import { getDb, type Db } from '@/lib/db';
import { appointments, users } from '@/lib/db/schema';
import { latePaymentsOn, type LatePayment } from '@/lib/deposits/late-payments';
import { shapeDay, type Attendance, type DeskDay } from './day-shape';
import { readToResolve } from './to-resolve';

export type DeskLocation = (typeof LOCATIONS)[number];

export function deskLocationBySlug(slug: string): DeskLocation | undefined {
  return LOCATIONS.find((l) => l.slug === slug);
}

/**
 * Whom a visit may move to: the therapists who do every one of its services at the location (as the visit page's move
 * form). Memoised per area and per services, since a day repeats the same few.
 */
function qualifiedReader(location: number): (areaId: number, serviceIds: readonly string[]) => number[] {
  const known = new Map<string, number[]>();
  const byArea = new Map<number, number[]>();
  return (areaId, serviceIds) => {
    const key = `${areaId}/${serviceIds.join(',')}`;
    let ids = known.get(key);
    if (!ids) {
      let area = byArea.get(areaId);
      if (!area) {
        area = therapistsFor(location, areaId)
          .map((t) => t.id)
          .filter((id) => id !== ANY_THERAPIST_ID);
        byArea.set(areaId, area);
      }
      const doing = serviceIds.length > 0 ? new Set(therapistsDoing(location, serviceIds)) : undefined;
      ids = doing ? area.filter((id) => doing.has(id)) : area;
      known.set(key, ids);
    }
    return ids;
  };
}

/**
 * The desk's day view of a location (components/desk/DeskDayScreen.tsx): the day, and the deposits paid late for its
 * visits, read from the database together.
 */
export async function deskDayPage(location: DeskLocation, date: DateInLocationTz): Promise<{ day: DeskDay; latePayments: LatePayment[] }> {
  const db = await getDb();
  const [day, latePayments] = await Promise.all([readDeskDay(db, location, date), latePaymentsOn(db, location.id, date)]);
  return { day, latePayments };
}

/**
 * The day at a location: its shifts that date (lib/booking/shifts.ts, one-off changes applied) and the appointments starting between local midnight and the
 * next (appointments_day_idx on location, starts_at), each with its customer's name and contact, and the attendance
 * of the other locations' visits that day (for their tabs' counts). Three queries, run together.
 */
export async function readDeskDay(db: Db, location: DeskLocation, date: DateInLocationTz, now: number = Date.now()): Promise<DeskDay> {
  const from = new Date(localMinuteToUtcMs(date, 0));
  const to = new Date(localMinuteToUtcMs(nextDate(date), 0));
  const otherIds = LOCATIONS.filter((l) => l.id !== location.id).map((l) => l.id);
  const [roster, rows, others] = await Promise.all([
    shiftsOn(db, location.id, [date]),
    db
      .select({
        id: appointments.id,
        bookingId: appointments.bookingId,
        customerId: appointments.customerId,
        customerName: users.name,
        customerPhone: users.phone,
        customerEmail: users.email,
        walkIn: users.walkIn,
        therapistId: appointments.therapistId,
        areaId: appointments.areaId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        attendance: appointments.attendance,
        note: appointments.note,
        lines: appointments.lines,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.customerId))
      .where(and(eq(appointments.location, location.id), gte(appointments.startsAt, from), lt(appointments.startsAt, to))),
    db
      .select({ location: appointments.location, attendance: appointments.attendance, n: count() })
      .from(appointments)
      // By the other locations' ids, not 'not this one': each reads its day off appointments_day_idx.
      .where(and(inArray(appointments.location, otherIds), eq(appointments.status, 'booked'), gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
      .groupBy(appointments.location, appointments.attendance),
  ]);
  const qualified = qualifiedReader(location.id);
  const elsewhere = LOCATIONS.filter((l) => l.id !== location.id).map((l) => ({
    location: { slug: l.slug, name: l.name },
    attendance: others.filter((o) => o.location === l.id).flatMap((o) => Array<Attendance | null>(o.n).fill(o.attendance)),
  }));
  // Closures and time off (lib/booking/schedule.ts, the slot engines' own reading) take those times off the day.
  const [closed, timeOff] = await Promise.all([
    closureOn(db, location.id, date),
    timeOffBusy(db, [...new Set([...roster.map((r) => r.therapistId), ...rows.map((r) => r.therapistId)])], [date]),
  ]);
  const day = shapeDay({
    location: { id: location.id, slug: location.slug, name: location.name },
    date,
    hours: hoursOn(location.id, date),
    roster,
    appointments: rows.map((row) => ({ ...row, qualified: qualified(row.areaId, row.lines.map((line) => line.id)) })),
    elsewhere,
    closed: closed ?? null,
    timeOff,
    therapistName: (id) => therapistById(id)?.name ?? `Therapist ${id}`,
    now,
  });
  // A sick day's visits in conflict, with who is free for each (lib/desk/to-resolve.ts); none read on a usual day.
  return { ...day, toResolve: await readToResolve(db, day, now) };
}

/** Today in New York: the desk's default day. Read per request (desk pages are never prerendered). */
export function deskToday(now: number = Date.now()): DateInLocationTz {
  return localDateOf(now);
}
