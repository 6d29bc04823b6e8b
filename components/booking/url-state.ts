import type { DateInLocationTz } from '@/lib/booking/calendar';
import { AREA_IDS, type AreaId } from '@/lib/catalog/tables';
import { searchParam, type ParamSource } from '@/lib/routing/search-param';

/**
 * The booking page keeps each area's chosen therapist, date and time in the URL (`th3=7&d3=2026-12-05&t3=14:30`), so a
 * reload or a shared link keeps them. The server reads it (url-parse.ts): a value that does not parse is dropped,
 * never an error.
 */
export interface AreaChoice {
  therapist?: number;
  date?: DateInLocationTz;
  /** New York wall-clock time, 'HH:mm'; only with a date. */
  time?: string;
}

export type BookingUrlState = Partial<Record<AreaId, AreaChoice>>;

const KEY_PREFIXES = ['th', 'd', 't'] as const;

/** The query string for `state`, keeping any unrelated parameters of `base` in place. Starts with '?' unless empty. */
export function serialiseBookingUrl(state: BookingUrlState, base: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams(base);
  for (const areaId of AREA_IDS) for (const prefix of KEY_PREFIXES) params.delete(`${prefix}${areaId}`);
  for (const areaId of AREA_IDS) {
    const choice = state[areaId];
    if (!choice) continue;
    if (choice.therapist !== undefined && choice.therapist !== 0) params.set(`th${areaId}`, String(choice.therapist));
    if (choice.date) {
      params.set(`d${areaId}`, choice.date);
      if (choice.time) params.set(`t${areaId}`, choice.time);
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** How the page asks for times: one time for the whole visit (the default) or a time per service (`times=each`). */
export type TimesMode = 'visit' | 'each';
export const TIMES_MODE_PARAM = 'times';

export function parseTimesMode(source: ParamSource): TimesMode {
  return searchParam(source, TIMES_MODE_PARAM) === 'each' ? 'each' : 'visit';
}

/** `params` with the mode set (`times=each`) or removed (the default). */
export function withTimesMode(params: URLSearchParams, mode: TimesMode): URLSearchParams {
  const next = new URLSearchParams(params);
  if (mode === 'each') next.set(TIMES_MODE_PARAM, 'each');
  else next.delete(TIMES_MODE_PARAM);
  return next;
}
