import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { setHours } from '@/lib/test-support/catalog-hours';
import { rosterWeek, shiftSchema } from './rosters';

afterEach(resetCatalogSnapshot);

// Maria Lopez (1) does hair removal (area 1) at SoHo (1).
const shift = (weekday: number, from: string, to: string) => shiftSchema.safeParse({ location: '1', therapistId: '1', areaId: '1', weekday: String(weekday), from, to });
const messages = (result: ReturnType<typeof shift>) => (result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe("a roster shift keeps inside the location's opening hours of its weekday", () => {
  it('follows the hours the owner sets: a shortened Saturday refuses a shift past its new closing', () => {
    expect(shift(6, '11:00', '19:00').success).toBe(true);
    setHours(1, { week: { 6: { open: 11 * 60, close: 17 * 60 } } });
    expect(messages(shift(6, '11:00', '19:00'))).toEqual([['from', 'Saturday opening hours are 11:00 AM to 5:00 PM; keep the shift inside them.']]);
    expect(shift(6, '12:00', '17:00').success).toBe(true);
    // Another location keeps its own Saturday.
    expect(shiftSchema.safeParse({ location: '2', therapistId: '11', areaId: '1', weekday: '6', from: '11:00', to: '19:00' }).success).toBe(true);
  });

  it('refuses a weekday the location does not open', () => {
    setHours(1, { week: { 1: null } });
    expect(messages(shift(1, '10:00', '12:00'))).toEqual([['weekday', 'SoHo is closed on Mondays: choose another weekday.']]);
  });
});

describe('the week grid', () => {
  const view = (therapistId: number, areaName: string, weekday: number, from: string, to: string, closed = false) =>
    ({ therapistId, therapistName: '', areaId: 0, areaName, weekday, from, to, changedBy: null, changedOn: '', closed }) as const;

  it('has a row per therapist and a cell per weekday from Monday, each area under its 12-hour hours', () => {
    const grid = rosterWeek(
      [view(3, 'Brow & Lashes', 1, '10:00', '20:00'), view(3, 'Facial', 1, '10:00', '20:00'), view(3, 'Waxing', 1, '12:00', '15:30'), view(3, 'Facial', 0, '11:00', '18:00', true)],
      [
        { id: 3, name: 'Sofia Russo' },
        { id: 4, name: 'Grace Kim' },
      ],
      'Closed',
    );
    expect(grid.map((row) => row.therapist.name)).toEqual(['Sofia Russo', 'Grace Kim']);
    expect(grid[0]!.cells.map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(grid[0]!.cells[0]!.lines).toEqual([
      { hours: '10:00 AM to 8:00 PM', areas: ['Brow & Lashes', 'Facial'] },
      { hours: '12:00 PM to 3:30 PM', areas: ['Waxing'] },
    ]);
    expect(grid[0]!.cells[6]!.lines).toEqual([{ hours: 'Closed', areas: ['Facial'] }]);
    expect(grid[1]!.cells.every((c) => c.lines.length === 0)).toBe(true);
  });
});
