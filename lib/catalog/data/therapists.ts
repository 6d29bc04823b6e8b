import type { Therapist } from '../schema';
import { ANY_THERAPIST_ID, ANY_THERAPIST_NAME, type AreaId, type LocationId } from '../tables';

/** The salon's therapists, with the ids the specification lists; id 0 stands for any free therapist. */
export const THERAPISTS: readonly Therapist[] = [
  { id: ANY_THERAPIST_ID, name: ANY_THERAPIST_NAME },
  { id: 1, name: 'Maria Lopez' },
  { id: 2, name: 'Anna Kowalski' },
  { id: 3, name: 'Sofia Russo' },
  { id: 4, name: 'Grace Kim' },
  { id: 6, name: 'Daniel Reyes' },
  { id: 7, name: 'Olivia Chen' },
  { id: 11, name: 'Jasmine Patel' },
  { id: 12, name: 'Elena Petrova' },
  { id: 25, name: 'Camila Torres' },
  { id: 26, name: 'Marcus Bell' },
];

/** Day of week, 0 Sunday to 6 Saturday, as dayjs and Date count them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Who works where, in which areas and on which days. A therapist works the location's opening hours on those days
 * (specification section 9); a person may work at two locations on different days.
 */
export interface RosterEntry {
  therapistId: number;
  location: LocationId;
  areaIds: readonly AreaId[];
  days: readonly Weekday[];
}

export const ROSTER: readonly RosterEntry[] = [
  { therapistId: 1, location: 1, areaIds: [1, 6], days: [1, 2, 3, 4, 5, 6] },
  { therapistId: 2, location: 1, areaIds: [1, 6], days: [0, 2, 3, 4, 5, 6] },
  { therapistId: 3, location: 1, areaIds: [2], days: [1, 2, 3, 4, 5, 6] },
  { therapistId: 4, location: 1, areaIds: [3, 5], days: [0, 3, 4, 5, 6] },
  { therapistId: 6, location: 1, areaIds: [4, 3], days: [1, 2, 3, 4, 5] },
  { therapistId: 7, location: 1, areaIds: [2, 3], days: [0, 1, 2, 3, 4] },
  { therapistId: 7, location: 2, areaIds: [2], days: [5, 6] },
  { therapistId: 11, location: 2, areaIds: [1, 2], days: [1, 2, 3, 4, 5, 6] },
  { therapistId: 12, location: 2, areaIds: [1], days: [0, 1, 2, 3, 4] },
  { therapistId: 12, location: 4, areaIds: [1], days: [5, 6] },
  { therapistId: 25, location: 4, areaIds: [1, 2], days: [1, 2, 3, 4, 5, 6] },
  { therapistId: 26, location: 1, areaIds: [4, 5], days: [0, 1, 4, 5, 6] },
  { therapistId: 26, location: 4, areaIds: [1], days: [2, 3] },
];
