import 'server-only';
import { and, eq, gte, lt } from 'drizzle-orm';
import { localDateOf, localMinuteToUtcMs, nextDate, weekdayOf, type DateInLocationTz } from '@/lib/booking/dates';
import { therapistById } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { appointments, rosters, users } from '@/lib/db/schema';
import { shapeDay, type DeskDay } from './day-shape';

export type DeskLocation = (typeof LOCATIONS)[number];

export function deskLocationBySlug(slug: string): DeskLocation | undefined {
  return LOCATIONS.find((l) => l.slug === slug);
}

/**
 * The day at a location: its roster for the weekday and the appointments starting between local midnight and the
 * next (appointments_day_idx on location, starts_at), each with its customer's name. Two queries, run together.
 */
export async function readDeskDay(db: Db, location: DeskLocation, date: DateInLocationTz, now: number = Date.now()): Promise<DeskDay> {
  const from = new Date(localMinuteToUtcMs(date, 0));
  const to = new Date(localMinuteToUtcMs(nextDate(date), 0));
  const [roster, rows] = await Promise.all([
    db
      .select({ therapistId: rosters.therapistId, startMinute: rosters.startMinute, endMinute: rosters.endMinute })
      .from(rosters)
      .where(and(eq(rosters.location, location.id), eq(rosters.weekday, weekdayOf(date)))),
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
  return shapeDay({
    location: { id: location.id, slug: location.slug, name: location.name },
    date,
    roster,
    appointments: rows,
    therapistName: (id) => therapistById(id)?.name ?? `Therapist ${id}`,
    now,
  });
}

/** Today in New York: the desk's default day. Read per request (desk pages are never prerendered). */
export function deskToday(now: number = Date.now()): DateInLocationTz {
  return localDateOf(now);
}
