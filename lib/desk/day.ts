import 'server-only';
import { and, eq, gte, lt } from 'drizzle-orm';
import { localDateOf, localMinuteToUtcMs, nextDate, type DateInLocationTz } from '@/lib/booking/dates';
import { closureOn, timeOffBusy } from '@/lib/booking/schedule';
import { shiftsOn } from '@/lib/booking/shifts';
import { therapistById } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { appointments, users } from '@/lib/db/schema';
import { shapeDay, type DeskDay } from './day-shape';

export type DeskLocation = (typeof LOCATIONS)[number];

export function deskLocationBySlug(slug: string): DeskLocation | undefined {
  return LOCATIONS.find((l) => l.slug === slug);
}

/**
 * The day at a location: its shifts that date (lib/booking/shifts.ts, one-off changes applied) and the appointments
 * starting between local midnight and the next (appointments_day_idx on location, starts_at), each with its customer's
 * name. Three queries, run together.
 */
export async function readDeskDay(db: Db, location: DeskLocation, date: DateInLocationTz, now: number = Date.now()): Promise<DeskDay> {
  const from = new Date(localMinuteToUtcMs(date, 0));
  const to = new Date(localMinuteToUtcMs(nextDate(date), 0));
  const [roster, rows] = await Promise.all([
    shiftsOn(db, location.id, [date]),
    db
      .select({
        id: appointments.id,
        bookingId: appointments.bookingId,
        customerId: appointments.customerId,
        customerName: users.name,
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
  ]);
  // Closures and time off (lib/booking/schedule.ts, the slot engines' own reading) take those times off the day.
  const [closed, timeOff] = await Promise.all([
    closureOn(db, location.id, date),
    timeOffBusy(db, [...new Set([...roster.map((r) => r.therapistId), ...rows.map((r) => r.therapistId)])], [date]),
  ]);
  return shapeDay({
    location: { id: location.id, slug: location.slug, name: location.name },
    date,
    hours: hoursOn(location.id, date),
    roster,
    appointments: rows,
    closed: closed ?? null,
    timeOff,
    therapistName: (id) => therapistById(id)?.name ?? `Therapist ${id}`,
    now,
  });
}

/** Today in New York: the desk's default day. Read per request (desk pages are never prerendered). */
export function deskToday(now: number = Date.now()): DateInLocationTz {
  return localDateOf(now);
}
