import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError, fieldErrors } from '@/lib/api/errors';
import { localDateOf, parseDateInLocationTz, pastOf, type DateInLocationTz } from '@/lib/booking/dates';
import { formatNotice } from '@/lib/booking/notice';
import { formatLongDate } from '@/lib/booking/schedule';
import { formatDayHours, minuteToTime, withinHours, type HoursTable } from '@/lib/catalog/day-hours';
import { CATALOG_TAGS, publishCatalogChange } from '@/lib/catalog/publish';
import { DEFAULT_MIN_NOTICE_MINUTES, WEEKDAYS, type DayHours, type Weekday } from '@/lib/catalog/snapshot';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { locationSettings, openingHours, openingHoursHistory, specialHours } from '@/lib/db/schema';
import { upcomingAtLocation, WEEKDAYS as DAY_NAMES, type AffectedAppointment } from './schedule';

/**
 * The owner's opening hours of a location (docs/decisions.md, 'Opening hours'): the week, special hours of single
 * dates (a short day, a late night) and the minimum notice of online bookings, read from and written to the database
 * in one transaction with its activity entry and its catalogue publish. The booking rules read the same hours through
 * lib/catalog/hours.ts once the change is published.
 */

export type DeskLocation = (typeof LOCATIONS)[number];

/** One weekday: its hours, kept while it is closed so that opening it again starts from them. */
export interface WeekdayHours extends DayHours {
  closed: boolean;
}

export interface SpecialDay extends DayHours {
  /** New York date 'YYYY-MM-DD'. */
  date: string;
  note: string;
}

export interface LocationHours {
  week: Record<Weekday, WeekdayHours>;
  /** Today's and later special hours, by date (past ones stay in the table as a record and are not edited). */
  special: SpecialDay[];
  minNoticeMinutes: number;
}

/** The longest minimum notice the owner may set: a week. */
export const MAX_NOTICE_MINUTES = 7 * 24 * 60;
export const MAX_SPECIAL_DAYS = 200;
export const MAX_NOTE_LENGTH = 80;

export function locationBySlug(slug: string): DeskLocation | undefined {
  return LOCATIONS.find((location) => location.slug === slug);
}

/** The hours as the booking rules read them (lib/catalog/day-hours.ts). */
export function tableOf(hours: LocationHours): HoursTable {
  return {
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, hours.week[day].closed ? null : { open: hours.week[day].open, close: hours.week[day].close }])) as HoursTable['week'],
    special: Object.fromEntries(hours.special.map((day) => [day.date, { open: day.open, close: day.close }])),
  };
}

/** A location's hours as the database holds them now; special hours from `today` on. */
export async function readLocationHours(db: Db | Tx, location: number, today: DateInLocationTz): Promise<LocationHours> {
  const rows = await db.select().from(openingHours).where(eq(openingHours.location, location));
  const special = await db
    .select()
    .from(specialHours)
    .where(and(eq(specialHours.location, location), gte(specialHours.date, today)))
    .orderBy(asc(specialHours.date));
  const [settings] = await db.select().from(locationSettings).where(eq(locationSettings.location, location));
  const week = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const row = rows.find((r) => r.weekday === day);
      // A weekday without a row is closed (lib/catalog/hours.ts reads it so); 10 to 8 is only where the form starts.
      return [day, row ? { open: row.openMinute, close: row.closeMinute, closed: row.closed } : { open: 600, close: 1200, closed: true }];
    }),
  ) as LocationHours['week'];
  return {
    week,
    special: special.map((s) => ({ date: s.date, open: s.openMinute, close: s.closeMinute, note: s.note })),
    minNoticeMinutes: settings?.minNoticeMinutes ?? DEFAULT_MIN_NOTICE_MINUTES,
  };
}

// Input: GET's document can be sent back as it is (unknown keys are ignored), with times as 'HH:MM' (24-hour).

const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Minutes after midnight of 'HH:MM' ('24:00' is midnight at the end of the day), or undefined. */
function minutesOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME.exec(value);
  if (!match) return undefined;
  return Number(match[1] ?? match[3]) * 60 + Number(match[2] ?? match[4]);
}

const WEEKDAY_MESSAGE = 'Give each day its weekday, 0 (Sunday) to 6 (Saturday).';
const TIME_MESSAGE = 'Enter the time as HH:MM, 24-hour.';

const dayInput = z.object({
  weekday: z.number({ message: WEEKDAY_MESSAGE }).int(WEEKDAY_MESSAGE).min(0, WEEKDAY_MESSAGE).max(6, WEEKDAY_MESSAGE),
  closed: z.boolean({ message: 'Closed must be true or false.' }).optional(),
  open: z.string({ message: TIME_MESSAGE }).nullable().optional(),
  close: z.string({ message: TIME_MESSAGE }).nullable().optional(),
});

const specialInput = z.object({
  date: z.string({ message: 'Enter the date as YYYY-MM-DD.' }),
  open: z.string({ message: TIME_MESSAGE }).nullable().optional(),
  close: z.string({ message: TIME_MESSAGE }).nullable().optional(),
  note: z.string({ message: 'The note must be text.' }).optional(),
});

const documentInput = z.object(
  {
    week: z.array(dayInput, { message: 'List the week: the seven weekdays, each with its hours or closed.' }),
    special: z.array(specialInput, { message: 'List the special hours (an empty list for none).' }).max(MAX_SPECIAL_DAYS, `Keep to ${MAX_SPECIAL_DAYS} dates with special hours.`),
    minNoticeMinutes: z.number({ message: `The minimum notice must be a whole number of minutes from 0 to ${MAX_NOTICE_MINUTES} (a week).` }),
  },
  { message: 'Send the hours as an object: { week, special, minNoticeMinutes }.' },
);

const QUARTER = 'on the quarter hour (:00, :15, :30 or :45)';

/**
 * Reads one day's opening and closing times; with `ctx`, each fault is an issue with a sentence naming the day.
 * Undefined when they are not valid hours.
 */
function hoursOf(label: string, open: unknown, close: unknown, path: (string | number)[], ctx?: z.RefinementCtx): DayHours | undefined {
  const opens = minutesOf(open);
  const closes = minutesOf(close);
  let ok = true;
  if (opens === undefined || opens === 1440) {
    ctx?.addIssue({ code: 'custom', path: [...path, 'open'], message: `${label}: enter the opening time as HH:MM, 24-hour, such as 10:00.` });
    ok = false;
  } else if (opens % 15 !== 0) {
    ctx?.addIssue({ code: 'custom', path: [...path, 'open'], message: `${label}: the opening time must be ${QUARTER}.` });
    ok = false;
  }
  if (closes === undefined || closes === 0) {
    ctx?.addIssue({ code: 'custom', path: [...path, 'close'], message: `${label}: enter the closing time as HH:MM, 24-hour, such as 19:00 (24:00 for midnight).` });
    ok = false;
  } else if (closes % 15 !== 0) {
    ctx?.addIssue({ code: 'custom', path: [...path, 'close'], message: `${label}: the closing time must be ${QUARTER}.` });
    ok = false;
  }
  if (!ok) return undefined;
  if (closes! <= opens!) {
    ctx?.addIssue({ code: 'custom', path: [...path, 'close'], message: `${label}: the closing time must be after the opening time.` });
    return undefined;
  }
  return { open: opens!, close: closes! };
}

/**
 * The body of PUT /api/desk/locations/{slug}/hours/: the whole week, the special hours from `today` on (they replace
 * those the location had from today on) and the minimum notice. Each fault is a sentence on its field.
 */
export function hoursInputSchema(today: DateInLocationTz) {
  return documentInput.transform((input, ctx): LocationHours => {
    const week = {} as Record<Weekday, WeekdayHours>;
    const seen = new Set<number>();
    input.week.forEach((day, i) => {
      const name = DAY_NAMES[day.weekday as Weekday];
      if (seen.has(day.weekday)) {
        ctx.addIssue({ code: 'custom', path: ['week', i, 'weekday'], message: `${name} is listed twice.` });
        return;
      }
      seen.add(day.weekday);
      if (day.closed) {
        // A closed day keeps the hours it is sent with when they are valid, for when it opens again.
        const kept = hoursOf(name, day.open, day.close, ['week', i]);
        week[day.weekday as Weekday] = { ...(kept ?? { open: 600, close: 1200 }), closed: true };
        return;
      }
      const hours = hoursOf(name, day.open, day.close, ['week', i], ctx);
      if (hours) week[day.weekday as Weekday] = { ...hours, closed: false };
    });
    const missing = WEEKDAYS.filter((day) => !seen.has(day));
    if (missing.length > 0) ctx.addIssue({ code: 'custom', path: ['week'], message: `List every weekday: ${missing.map((day) => DAY_NAMES[day]).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.` });

    const special: SpecialDay[] = [];
    const dates = new Set<string>();
    input.special.forEach((day, i) => {
      const date = parseDateInLocationTz(day.date);
      if (!date) {
        ctx.addIssue({ code: 'custom', path: ['special', i, 'date'], message: 'Enter the date as YYYY-MM-DD.' });
        return;
      }
      const label = formatLongDate(date);
      if (date < today) {
        ctx.addIssue({ code: 'custom', path: ['special', i, 'date'], message: `${label} has passed: special hours are for today or a later day.` });
        return;
      }
      if (dates.has(date)) {
        ctx.addIssue({ code: 'custom', path: ['special', i, 'date'], message: `${label} is listed twice.` });
        return;
      }
      dates.add(date);
      const note = (day.note ?? '').trim();
      if (note.length > MAX_NOTE_LENGTH) ctx.addIssue({ code: 'custom', path: ['special', i, 'note'], message: `Keep the note under ${MAX_NOTE_LENGTH} characters.` });
      const hours = hoursOf(label, day.open, day.close, ['special', i], ctx);
      if (hours) special.push({ date, ...hours, note });
    });

    if (!Number.isInteger(input.minNoticeMinutes) || input.minNoticeMinutes < 0 || input.minNoticeMinutes > MAX_NOTICE_MINUTES) {
      ctx.addIssue({ code: 'custom', path: ['minNoticeMinutes'], message: `The minimum notice must be a whole number of minutes from 0 to ${MAX_NOTICE_MINUTES} (a week).` });
    }
    return { week, special: special.sort((a, b) => (a.date < b.date ? -1 : 1)), minNoticeMinutes: input.minNoticeMinutes };
  });
}

/** The body checked, or a 422 whose message is the first fault's sentence and whose fields name each. */
export function parseHoursInput(body: unknown, today: DateInLocationTz): LocationHours {
  const parsed = hoursInputSchema(today).safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw new ApiError(422, 'invalid', Object.values(fields)[0] ?? 'Please check the hours.', fields);
}

/** The hours as the API answers them: 'HH:MM' times (24-hour; '24:00' is midnight), weekdays named. */
export function hoursDocument(location: DeskLocation, hours: LocationHours) {
  return {
    location: { id: location.id, slug: location.slug, name: location.name },
    week: WEEKDAYS.map((weekday) => {
      const day = hours.week[weekday];
      return { weekday, day: DAY_NAMES[weekday], closed: day.closed, open: minuteToTime(day.open), close: minuteToTime(day.close) };
    }),
    special: hours.special.map((day) => ({ date: day.date, open: minuteToTime(day.open), close: minuteToTime(day.close), note: day.note })),
    minNoticeMinutes: hours.minNoticeMinutes,
  };
}
export type HoursDocument = ReturnType<typeof hoursDocument>;

const dayText = (day: WeekdayHours) => formatDayHours(day.closed ? null : day);

/** One sentence for the activity log: each weekday, date and notice that changed, before → after. */
export function describeChanges(before: LocationHours, after: LocationHours): string {
  const parts: string[] = [];
  for (const weekday of [1, 2, 3, 4, 5, 6, 0] as const) {
    const was = dayText(before.week[weekday]);
    const is = dayText(after.week[weekday]);
    if (was !== is) parts.push(`${DAY_NAMES[weekday]} ${was} → ${is}`);
  }
  const was = new Map(before.special.map((day) => [day.date, day]));
  const is = new Map(after.special.map((day) => [day.date, day]));
  for (const date of [...new Set([...was.keys(), ...is.keys()])].sort()) {
    const a = was.get(date);
    const b = is.get(date);
    const label = formatLongDate(date);
    if (!a && b) parts.push(`${label} special hours ${formatDayHours(b)}${b.note ? ` (${b.note})` : ''}`);
    else if (a && !b) parts.push(`${label} special hours removed`);
    else if (a && b && (a.open !== b.open || a.close !== b.close || a.note !== b.note)) parts.push(`${label} ${formatDayHours(a)} → ${formatDayHours(b)}${b.note ? ` (${b.note})` : ''}`);
  }
  if (before.minNoticeMinutes !== after.minNoticeMinutes) parts.push(`minimum notice ${formatNotice(before.minNoticeMinutes)} → ${formatNotice(after.minNoticeMinutes)}`);
  return parts.join('; ');
}

/** Whether two weekdays open at the same times (closed days alike, whatever hours they keep for reopening). */
function sameOpening(a: WeekdayHours, b: WeekdayHours): boolean {
  return a.closed === b.closed && (a.closed || (a.open === b.open && a.close === b.close));
}

/**
 * Writes the weekdays that differ from `before` (the week as readLocationHours read it, closed where there is no
 * row). A weekday whose opening changes applies from `today` on; what it had goes to opening_hours_history for the
 * dates before, so that a past date reads the hours it had (docs/decisions.md, 'Rosters keep their past').
 */
async function saveWeek(tx: Tx, location: number, before: LocationHours['week'], week: LocationHours['week'], today: DateInLocationTz): Promise<void> {
  const rows = await tx.select({ weekday: openingHours.weekday, validFrom: openingHours.validFrom }).from(openingHours).where(eq(openingHours.location, location));
  for (const weekday of WEEKDAYS) {
    const [was, day] = [before[weekday], week[weekday]];
    const row = rows.find((r) => r.weekday === weekday);
    const hours = { openMinute: day.open, closeMinute: day.close, closed: day.closed };
    if (sameOpening(was, day)) {
      // Open as it was (or closed, keeping other hours for reopening): nothing to date.
      if (!row) await tx.insert(openingHours).values({ location, weekday, ...hours });
      else if (was.open !== day.open || was.close !== day.close) {
        await tx.update(openingHours).set(hours).where(and(eq(openingHours.location, location), eq(openingHours.weekday, weekday)));
      }
      continue;
    }
    const past = pastOf({ validFrom: row?.validFrom ?? null }, today);
    if (past) {
      await tx.insert(openingHoursHistory).values({ location, weekday, openMinute: was.open, closeMinute: was.close, closed: was.closed, ...past });
    }
    const dated = { ...hours, validFrom: today };
    await tx
      .insert(openingHours)
      .values({ location, weekday, ...dated })
      .onConflictDoUpdate({ target: [openingHours.location, openingHours.weekday], set: dated });
  }
}

export interface SavedHours {
  changed: boolean;
  hours: LocationHours;
}

/**
 * Replaces a location's hours in one transaction: the week (a changed weekday from today on, its past kept), its
 * special hours from today on and its minimum notice, with the activity entry (before and after) and the catalogue
 * publish (CATALOG_TAGS.hours) that tells every instance. The same hours again change nothing and publish nothing. Call catalogChanged after it when `changed`.
 */
export async function saveLocationHours(db: Db, location: DeskLocation, input: LocationHours, actor: ActivityActor, today: DateInLocationTz): Promise<SavedHours> {
  return db.transaction(async (tx) => {
    // Two owners saving the same location's hours at once: the second waits on this row and compares with the first's.
    await tx.insert(locationSettings).values({ location: location.id }).onConflictDoNothing();
    await tx.select({ location: locationSettings.location }).from(locationSettings).where(eq(locationSettings.location, location.id)).for('update');
    const before = await readLocationHours(tx, location.id, today);
    const summary = describeChanges(before, input);
    if (summary === '') return { changed: false, hours: before };
    await saveWeek(tx, location.id, before.week, input.week, today);
    await tx.delete(specialHours).where(and(eq(specialHours.location, location.id), gte(specialHours.date, today)));
    if (input.special.length > 0) {
      await tx.insert(specialHours).values(input.special.map((day) => ({ location: location.id, date: day.date, openMinute: day.open, closeMinute: day.close, note: day.note })));
    }
    await tx
      .insert(locationSettings)
      .values({ location: location.id, minNoticeMinutes: input.minNoticeMinutes })
      .onConflictDoUpdate({ target: locationSettings.location, set: { minNoticeMinutes: input.minNoticeMinutes } });
    const { location: _where, ...beforeDoc } = hoursDocument(location, before);
    const { location: _here, ...afterDoc } = hoursDocument(location, input);
    await recordActivity(tx, actor, { kind: 'hours', action: 'changed', subject: `${location.name} hours`, summary, before: beforeDoc, after: afterDoc });
    await publishCatalogChange(tx, [CATALOG_TAGS.hours]);
    return { changed: true, hours: input };
  });
}

/**
 * The booked visits at the location, not yet over, that lie outside its hours (a closed weekday, before opening,
 * after closing): the ones the desk has to move or cancel after a change of hours, as after a closure.
 */
export async function visitsOutsideHours(db: Db, location: number, hours: LocationHours, now: number = Date.now()): Promise<AffectedAppointment[]> {
  const table = tableOf(hours);
  return (await upcomingAtLocation(db, location, now)).filter((visit) => !withinHours(table, visit.localStart, visit.localEnd));
}

/** What /desk/hours/ shows of a location: today (New York), its hours and the booked visits outside them. */
export async function hoursOfLocationNow(db: Db, location: number, now: number = Date.now()): Promise<{ today: DateInLocationTz; hours: LocationHours; outside: AffectedAppointment[] }> {
  const today = localDateOf(now);
  const hours = await readLocationHours(db, location, today);
  return { today, hours, outside: await visitsOutsideHours(db, location, hours, now) };
}
