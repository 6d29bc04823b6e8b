import { describeBlock } from './schedule';

describe('describeBlock', () => {
  it('writes time off in the desk’s 12-hour times: weekly, within one day, and across days', () => {
    expect(describeBlock({ weekday: 1, startMinute: 13 * 60, endMinute: 17 * 60, startsAt: null, endsAt: null })).toBe('Every Monday 1:00 PM to 5:00 PM');
    // 11:45 to 12:30 in New York on November 27, 2026 (EST, UTC-5).
    const day = { weekday: null, startMinute: null, endMinute: null, startsAt: new Date('2026-11-27T16:45:00Z'), endsAt: new Date('2026-11-27T17:30:00Z') };
    expect(describeBlock(day)).toBe('Friday, November 27, 2026, 11:45 AM to 12:30 PM');
    const days = { ...day, endsAt: new Date('2026-11-28T15:00:00Z') };
    expect(describeBlock(days)).toBe('Friday, November 27, 2026 11:45 AM to Saturday, November 28, 2026 10:00 AM');
  });
});
