import 'server-only';
import { nextDate, weekdayOf, type DateInLocationTz } from '@/lib/booking/dates';
import { getDb, type Db } from '@/lib/db';
import { readDeskDay, type DeskLocation } from './day';
import type { DayBlock, DayColumn } from './day-shape';

/** One therapist's day in their week at a location: shift, time off and visits as the day view has them. */
export interface TherapistWeekDay {
  date: DateInLocationTz;
  closed: string | null;
  /** Null: not rostered (and nothing booked) that day. */
  column: Pick<DayColumn, 'shift' | 'timeOff'> | null;
  visits: DayBlock[];
}

/** The Monday of the week holding `date` (the desk's weeks run Monday to Sunday, as its rosters). */
export function weekStart(date: DateInLocationTz): DateInLocationTz {
  return nextDate(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * A therapist's week at a location, Monday to Sunday: each day read by readDeskDay, so shifts, one-off changes, time
 * off and closures follow the very rules of the day view.
 */
export async function readTherapistWeek(db: Db, location: DeskLocation, therapistId: number, date: DateInLocationTz, now: number = Date.now()): Promise<TherapistWeekDay[]> {
  const monday = weekStart(date);
  const dates = Array.from({ length: 7 }, (_, i) => nextDate(monday, i));
  const days = await Promise.all(dates.map((d) => readDeskDay(db, location, d, now)));
  return days.map((day) => {
    const column = day.columns.find((c) => c.therapistId === therapistId);
    return {
      date: day.date,
      closed: day.closed,
      column: column ? { shift: column.shift, timeOff: column.timeOff } : null,
      visits: day.blocks.filter((b) => b.therapistId === therapistId),
    };
  });
}

/** The desk's week of a therapist (components/desk/day/TherapistWeekScreen.tsx), read from the database. */
export async function therapistWeek(location: DeskLocation, therapistId: number, date: DateInLocationTz): Promise<TherapistWeekDay[]> {
  return readTherapistWeek(await getDb(), location, therapistId, date);
}
