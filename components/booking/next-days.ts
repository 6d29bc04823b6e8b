import { nextDate, type DateInLocationTz } from '@/lib/booking/calendar';

export interface NextDaysOptions {
  /** How many days with time to offer. */
  count?: number;
  /** How far ahead to look, in days after `from`. */
  horizon?: number;
  /** Days asked about at once. */
  batch?: number;
  /** The last day that may be booked. */
  last?: DateInLocationTz;
}

/**
 * The first `count` days after `from` on which `hasTime` says there is a free time, in date order. Days are asked
 * about a batch at a time, so a fully booked week costs one round of requests, and the search stops early.
 */
export async function nextDaysWithTime(
  from: DateInLocationTz,
  hasTime: (date: DateInLocationTz) => Promise<boolean>,
  { count = 3, horizon = 21, batch = 7, last }: NextDaysOptions = {},
): Promise<DateInLocationTz[]> {
  const found: DateInLocationTz[] = [];
  for (let offset = 1; offset <= horizon && found.length < count; offset += batch) {
    const days: DateInLocationTz[] = [];
    for (let i = offset; i < offset + batch && i <= horizon; i++) {
      const day = nextDate(from, i);
      if (last && day > last) break;
      days.push(day);
    }
    if (days.length === 0) break;
    const answers = await Promise.all(days.map((day) => hasTime(day).catch(() => false)));
    days.forEach((day, i) => {
      if (answers[i] && found.length < count) found.push(day);
    });
  }
  return found;
}
