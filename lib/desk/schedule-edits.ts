import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { removeShiftChange, saveShiftChange, visitsAffectedBy } from './roster-changes';
import { removeShift, saveShift } from './rosters';
import { addClosure, createTimeOff, deleteTimeOff, openDay, restoreHoliday } from './schedule';

type OnSiteDb<F> = F extends (db: Db, ...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never;

function onSiteDb<F extends (db: Db, ...args: never[]) => Promise<unknown>>(rule: F): OnSiteDb<F> {
  return (async (...args: never[]) => rule(await getDb(), ...args)) as OnSiteDb<F>;
}

/**
 * The schedule pages' edits (time off, closures, rosters) and the read that asks before a roster change, each its
 * rule's function in lib/desk/ given the site's database: for their server actions (components/desk/schedule-actions.ts),
 * which check the role, validate and answer, and never hold the database.
 */
export const scheduleEdits = {
  createTimeOff: onSiteDb(createTimeOff),
  deleteTimeOff: onSiteDb(deleteTimeOff),
  addClosure: onSiteDb(addClosure),
  openDay: onSiteDb(openDay),
  restoreHoliday: onSiteDb(restoreHoliday),
  saveShift: onSiteDb(saveShift),
  removeShift: onSiteDb(removeShift),
  saveShiftChange: onSiteDb(saveShiftChange),
  removeShiftChange: onSiteDb(removeShiftChange),
  visitsAffectedBy: onSiteDb(visitsAffectedBy),
};
