import { and, eq } from 'drizzle-orm';
import { closeDb, getDb, type Db } from '@/lib/db';
import { shiftChanges } from '@/lib/db/schema';
import { readDeskDay } from '@/lib/desk/day';
import { LOCATIONS } from '@/lib/catalog/tables';
import { findSlots } from '../find-slots';
import { resolveTarget } from '../target';
import { rosteredFor } from '../appointments/planning';
import { localMinuteToUtcMs, type DateInLocationTz } from '../dates';
import { findVisitTimes } from '../visit-availability';

/**
 * One scenario for PGlite (shifts.test.ts) and PostgreSQL (shifts.pg.test.ts): a one-off shift change opens and closes
 * times alike for the slots, the visit times, the booking's own roster check and the desk's day.
 */

// A week no other test books in. Sofia Russo (3) does Brow & Lashes (area 2) at SoHo (1), Monday to Saturday, all day.
export const NOW = Date.parse('2027-02-22T12:00:00Z');
export const MONDAY = '2027-03-01' as DateInLocationTz;
export const SATURDAY = '2027-03-06' as DateInLocationTz;
// Grace Kim (4) does areas 3 and 5 at SoHo, never on a Tuesday.
export const TUESDAY = '2027-03-02' as DateInLocationTz;

const soho = LOCATIONS.find((l) => l.id === 1)!;

export async function slotTimes(db: Db, therapistId: number, areaId: number, date: DateInLocationTz, channel: 'online' | 'desk' = 'online'): Promise<string[]> {
  const answer = await findSlots(db, { location: '1', areaId, therapistId, date, duration: 30 }, NOW, undefined, { channel });
  return answer.slots.map((s) => s.time);
}

async function visitTimes(db: Db, therapistId: number, areaId: number, date: DateInLocationTz): Promise<string[]> {
  const answer = await findVisitTimes(db, { location: '1', areas: [{ areaId, therapistId, duration: 30 }], from: date, date, days: 1 }, NOW);
  return answer.times.map((t) => t.time);
}

/** The day view's shift of the therapist, as 'HH:mm-HH:mm', or null when not rostered. */
async function deskShift(db: Db, therapistId: number, date: DateInLocationTz): Promise<string | null> {
  const day = await readDeskDay(db, soho, date, NOW);
  const shift = day.columns.find((c) => c.therapistId === therapistId)?.shift;
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return shift ? `${hhmm(shift.startMinute)}-${hhmm(shift.endMinute)}` : null;
}

/** Whether booking the therapist at that local time passes the booking's roster check (planning.ts). */
async function bookable(db: Db, therapistId: number, areaId: number, date: DateInLocationTz, minute: number): Promise<boolean> {
  const start = localMinuteToUtcMs(date, minute);
  try {
    await db.transaction((tx) => rosteredFor(tx, { target: resolveTarget('1', areaId, therapistId), start, end: start + 30 * 60_000, field: 'cards.0' }, NOW));
    return true;
  } catch {
    return false;
  }
}

/** What each reader answers for one therapist, area and date: online slots (agreeing with the visit times and the desk's slots), the day view's shift, and the booking check at `minute`. */
export async function readers(db: Db, therapistId: number, areaId: number, date: DateInLocationTz, minute: number) {
  const slots = await slotTimes(db, therapistId, areaId, date);
  const visits = await visitTimes(db, therapistId, areaId, date);
  const deskSlots = await slotTimes(db, therapistId, areaId, date, 'desk');
  // The desk's slots start from now, not after the online notice: a week ahead, the same times.
  const agree = visits.join() === slots.join() && deskSlots.join() === slots.join();
  return { first: slots[0] ?? null, last: slots.at(-1) ?? null, agree, desk: await deskShift(db, therapistId, date), bookable: await bookable(db, therapistId, areaId, date, minute) };
}

export async function setChange(db: Db, therapistId: number, date: DateInLocationTz, change: { off: true } | { startMinute: number; endMinute: number }) {
  const values = 'off' in change ? { off: true, startMinute: null, endMinute: null } : { off: false, ...change };
  await db
    .insert(shiftChanges)
    .values({ therapistId, location: 1, date, ...values })
    .onConflictDoUpdate({ target: [shiftChanges.therapistId, shiftChanges.location, shiftChanges.date], set: values });
}

export async function clearChange(db: Db, therapistId: number, date: DateInLocationTz) {
  await db.delete(shiftChanges).where(and(eq(shiftChanges.therapistId, therapistId), eq(shiftChanges.location, 1), eq(shiftChanges.date, date)));
}

/** The scenario's assertions, as a Jest describe body. */
export function oneOffScenario() {
  afterAll(closeDb);

  it('a one-off shorter Monday narrows slots, visit times, the booking check and the day view alike; removing it restores them', async () => {
    const db = await getDb();
    expect(await readers(db, 3, 2, MONDAY, 10 * 60)).toEqual({ first: '10:00', last: '19:30', agree: true, desk: '10:00-20:00', bookable: true });
    await setChange(db, 3, MONDAY, { startMinute: 15 * 60, endMinute: 17 * 60 });
    expect(await readers(db, 3, 2, MONDAY, 10 * 60)).toEqual({ first: '15:00', last: '16:30', agree: true, desk: '15:00-17:00', bookable: false });
    expect((await readers(db, 3, 2, MONDAY, 15 * 60)).bookable).toBe(true);
    // Any therapist: Sofia's morning is gone from the area's times too (nobody else does Brow & Lashes that Monday
    // morning but Olivia Chen, who still has hers).
    expect((await findSlots(db, { location: '1', areaId: 2, therapistId: 0, date: MONDAY, duration: 30 }, NOW)).slots.find((s) => s.time === '10:00')?.therapistIds).toEqual([7]);
    await clearChange(db, 3, MONDAY);
    expect((await readers(db, 3, 2, MONDAY, 10 * 60)).first).toBe('10:00');
  });

  it('this Saturday off: no times anywhere, and the week after is untouched', async () => {
    const db = await getDb();
    await setChange(db, 3, SATURDAY, { off: true });
    expect(await readers(db, 3, 2, SATURDAY, 12 * 60)).toEqual({ first: null, last: null, agree: true, desk: null, bookable: false });
    expect((await readers(db, 3, 2, '2027-03-13' as DateInLocationTz, 12 * 60)).bookable).toBe(true);
    await clearChange(db, 3, SATURDAY);
  });

  it('a one-off day on a weekday without a weekly shift opens times in the areas the therapist works there', async () => {
    const db = await getDb();
    expect(await readers(db, 4, 3, TUESDAY, 12 * 60)).toEqual({ first: null, last: null, agree: true, desk: null, bookable: false });
    await setChange(db, 4, TUESDAY, { startMinute: 12 * 60, endMinute: 14 * 60 });
    expect(await readers(db, 4, 3, TUESDAY, 12 * 60)).toEqual({ first: '12:00', last: '13:30', agree: true, desk: '12:00-14:00', bookable: true });
    expect(await slotTimes(db, 4, 5, TUESDAY)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30']);
    await clearChange(db, 4, TUESDAY);
  });
}
