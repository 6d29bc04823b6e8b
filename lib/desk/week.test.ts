import type { DateInLocationTz } from '@/lib/booking/dates';
import { weekStart } from './week';

describe("a therapist's week", () => {
  it('runs Monday to Sunday: any day of it starts from its Monday', () => {
    for (const day of ['2026-11-23', '2026-11-25', '2026-11-28', '2026-11-29']) expect(weekStart(day as DateInLocationTz)).toBe('2026-11-23');
    // Across a month's and a year's end.
    expect(weekStart('2027-01-02' as DateInLocationTz)).toBe('2026-12-28');
  });
});
