import { catalogSnapshot, setCatalogSnapshot, type DayHours, type SpecialHours, type Weekday } from '@/lib/catalog/snapshot';
import type { LocationId } from '@/lib/catalog/tables';

export interface HoursChange {
  /** Weekdays whose hours change (null: closed). */
  week?: Partial<Record<Weekday, DayHours | null>>;
  /** The location's special hours, replacing any it had. */
  special?: Omit<SpecialHours, 'location'>[];
  minNoticeMinutes?: number;
}

/**
 * Lays a change of a location's hours over the catalogue snapshot, as a published change would (a newer version).
 * Pair it with `afterEach(resetCatalogSnapshot)`, which puts the seed back.
 */
export function setHours(location: LocationId, change: HoursChange): void {
  const base = catalogSnapshot();
  setCatalogSnapshot({
    ...base,
    version: base.version + 1,
    hours: { ...base.hours, [location]: { ...base.hours[location], ...change.week } },
    specialHours: change.special
      ? [...base.specialHours.filter((day) => day.location !== location), ...change.special.map((day) => ({ ...day, location }))]
      : base.specialHours,
    minNoticeMinutes: change.minNoticeMinutes === undefined ? base.minNoticeMinutes : { ...base.minNoticeMinutes, [location]: change.minNoticeMinutes },
  });
}
