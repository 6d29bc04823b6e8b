import 'server-only';
import { localDateOf, nextDate, weekdayOf } from '@/lib/booking/dates';
import { AREA_IDS, LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import { listShiftChanges, pendingChange, visitsAffectedBy } from './roster-changes';
import { listRoster, qualified, rosterWeek } from './rosters';
import { namedTherapists } from './schedule';

type Params = Record<string, string | string[] | undefined>;

/**
 * What /desk/rosters/ shows for its address: the location's week grid, the tapped cell (`therapist`, `weekday`), the
 * one-date changes from today on, and a change waiting to be confirmed with the booked visits it would leave out.
 */
export async function readRostersPage(db: Db, params: Params, now: number = Date.now()) {
  const location = LOCATIONS.find((l) => String(l.id) === params.location) ?? LOCATIONS[0];
  const [shifts, changes] = await Promise.all([listRoster(db, location.id), listShiftChanges(db, location.id, now)]);
  const areas = AREA_IDS.filter((a) => qualified(location.id, a).length > 0);
  const people = namedTherapists().filter((t) => areas.some((a) => qualified(location.id, a).includes(t.id)));
  const therapist = people.find((t) => String(t.id) === params.therapist);
  const weekday = typeof params.weekday === 'string' && /^[0-6]$/.test(params.weekday) ? Number(params.weekday) : undefined;
  const selected = therapist && weekday !== undefined ? { therapist, weekday } : undefined;
  const today = localDateOf(now);
  const pending = pendingChange(params, now);
  const confirm = pending && pending.change.location === location.id ? { ...pending, visits: await visitsAffectedBy(db, pending.change, now) } : undefined;
  return {
    location,
    changes,
    areas,
    people,
    grid: rosterWeek(shifts, people, 'Closed'),
    selected,
    cellShifts: selected ? shifts.filter((s) => s.therapistId === selected.therapist.id && s.weekday === selected.weekday) : [],
    today,
    // 'This <weekday> only' starts at the next such date.
    onceDate: selected ? nextDate(today, (selected.weekday - weekdayOf(today) + 7) % 7) : today,
    confirm,
  };
}
