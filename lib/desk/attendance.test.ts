import { attendanceActions, attendanceRefusal, changeRefusal } from './attendance';
import type { Attendance } from './day-shape';

const START = Date.parse('2027-01-11T15:00:00Z');
const BEFORE = START - 3_600_000;
const AFTER = START + 600_000;
const DAY = 86_400_000;
const visit = (attendance: Attendance | null, status: 'booked' | 'cancelled' = 'booked') => ({ status, attendance, startsAt: START });

describe('attendance rules', () => {
  it('checks in a booked visit, before or after its start', () => {
    expect(attendanceRefusal(visit(null), 'checked_in', BEFORE)).toBeUndefined();
    expect(attendanceRefusal(visit(null), 'checked_in', AFTER)).toBeUndefined();
  });

  it("checks in and starts a visit on its New York day only, and says so otherwise", () => {
    const early = { status: 422, message: 'A visit can be checked in only on its day (New York time).' };
    expect(attendanceRefusal(visit(null), 'checked_in', START - DAY)).toEqual(early);
    expect(attendanceRefusal(visit(null), 'checked_in', START + DAY)).toEqual(early);
    expect(attendanceRefusal(visit('no_show'), 'checked_in', START + DAY)).toEqual(early);
    // 10:00 AM New York is 15:00 UTC: 11:30 PM the night before, New York, is the day before (4:30 UTC the same date).
    expect(attendanceRefusal(visit(null), 'checked_in', Date.parse('2027-01-11T04:30:00Z'))).toEqual(early);
    expect(attendanceRefusal(visit(null), 'checked_in', Date.parse('2027-01-11T05:30:00Z'))).toBeUndefined();
    expect(attendanceRefusal(visit('checked_in'), 'started', START - DAY)).toEqual({ status: 422, message: 'A visit can be started only on its day (New York time).' });
    // Undoing a mark later (a completed visit back to checked in) is a correction, not an arrival.
    expect(attendanceRefusal(visit('completed'), 'checked_in', START + DAY)).toBeUndefined();
    expect(attendanceActions(visit(null), START - DAY)).toEqual([]);
    expect(attendanceActions(visit(null), START + DAY).map((a) => a.label)).toEqual(['Mark no-show']);
  });

  it('refuses any mark on a cancelled visit with a 409 and a sentence', () => {
    for (const to of ['checked_in', 'completed', 'no_show', null] as const) {
      expect(attendanceRefusal(visit(null, 'cancelled'), to, AFTER)).toEqual({
        status: 409,
        message: 'This visit was cancelled: only a booked visit can be checked in, completed or marked a no-show.',
      });
    }
  });

  it('completes only a checked-in visit, once it has started', () => {
    expect(attendanceRefusal(visit(null), 'completed', AFTER)).toEqual({ status: 409, message: 'A visit that is not marked cannot be marked completed.' });
    expect(attendanceRefusal(visit('checked_in'), 'completed', AFTER)).toBeUndefined();
    expect(attendanceRefusal(visit('checked_in'), 'completed', BEFORE)).toEqual({ status: 422, message: 'A visit can be marked completed only once it has started.' });
    expect(attendanceRefusal(visit('no_show'), 'completed', AFTER)?.status).toBe(409);
  });

  it('marks a no-show only once the start has passed, and not over a check-in', () => {
    expect(attendanceRefusal(visit(null), 'no_show', BEFORE)).toEqual({ status: 422, message: 'A visit can be marked a no-show only once its start time has passed.' });
    expect(attendanceRefusal(visit(null), 'no_show', AFTER)).toBeUndefined();
    expect(attendanceRefusal(visit('checked_in'), 'no_show', AFTER)?.status).toBe(409);
  });

  it('undoes a mark made by mistake, and refuses marking what is already so', () => {
    expect(attendanceRefusal(visit('checked_in'), null, AFTER)).toBeUndefined();
    expect(attendanceRefusal(visit('no_show'), null, AFTER)).toBeUndefined();
    expect(attendanceRefusal(visit('completed'), 'checked_in', AFTER)).toBeUndefined();
    expect(attendanceRefusal(visit('no_show'), 'checked_in', AFTER)).toBeUndefined();
    expect(attendanceRefusal(visit('checked_in'), 'checked_in', AFTER)).toEqual({ status: 409, message: 'This visit is already checked in.' });
    expect(attendanceRefusal(visit(null), null, AFTER)).toEqual({ status: 409, message: 'This visit is already not marked.' });
  });

  it('offers the buttons its state allows', () => {
    expect(attendanceActions(visit(null), BEFORE).map((a) => a.label)).toEqual(['Check in']);
    expect(attendanceActions(visit(null), AFTER).map((a) => a.label)).toEqual(['Check in', 'Mark no-show']);
    expect(attendanceActions(visit('checked_in'), AFTER)).toEqual([
      { to: 'started', label: 'Start' },
      { to: 'completed', label: 'Mark completed' },
      { to: null, label: 'Undo mark' },
    ]);
    // Checked in early: completed waits for the start.
    expect(attendanceActions(visit('checked_in'), BEFORE)).toEqual([
      { to: 'started', label: 'Start' },
      { to: null, label: 'Undo mark' },
    ]);
    expect(attendanceActions(visit('started'), AFTER)).toEqual([
      { to: 'completed', label: 'Mark completed' },
      { to: 'checked_in', label: 'Undo start' },
    ]);
    expect(attendanceActions(visit('completed'), AFTER)).toEqual([{ to: 'checked_in', label: 'Undo completed' }]);
    expect(attendanceActions(visit(null, 'cancelled'), AFTER)).toEqual([]);
  });

  it('keeps a marked or cancelled visit from being moved or cancelled', () => {
    expect(changeRefusal(visit(null))).toBeUndefined();
    expect(changeRefusal(visit('checked_in'))).toEqual({ status: 409, message: 'This visit is marked checked in: undo that before moving or cancelling it.' });
    expect(changeRefusal(visit(null, 'cancelled'))).toEqual({ status: 409, message: 'This visit was cancelled already.' });
  });
});
