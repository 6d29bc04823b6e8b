import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { setHours } from '@/lib/test-support/catalog-hours';
import { shiftSchema } from './rosters';

afterEach(resetCatalogSnapshot);

// Maria Lopez (1) does hair removal (area 1) at SoHo (1).
const shift = (weekday: number, from: string, to: string) => shiftSchema.safeParse({ location: '1', therapistId: '1', areaId: '1', weekday: String(weekday), from, to });
const messages = (result: ReturnType<typeof shift>) => (result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe("a roster shift keeps inside the location's opening hours of its weekday", () => {
  it('follows the hours the owner sets: a shortened Saturday refuses a shift past its new closing', () => {
    expect(shift(6, '11:00', '19:00').success).toBe(true);
    setHours(1, { week: { 6: { open: 11 * 60, close: 17 * 60 } } });
    expect(messages(shift(6, '11:00', '19:00'))).toEqual([['from', 'Saturday opening hours are 11:00 to 17:00; keep the shift inside them.']]);
    expect(shift(6, '12:00', '17:00').success).toBe(true);
    // Another location keeps its own Saturday.
    expect(shiftSchema.safeParse({ location: '2', therapistId: '11', areaId: '1', weekday: '6', from: '11:00', to: '19:00' }).success).toBe(true);
  });

  it('refuses a weekday the location does not open', () => {
    setHours(1, { week: { 1: null } });
    expect(messages(shift(1, '10:00', '12:00'))).toEqual([['weekday', 'SoHo is closed on Mondays: choose another weekday.']]);
  });
});
