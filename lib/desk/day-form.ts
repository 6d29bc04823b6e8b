import { parseDateInLocationTz } from '@/lib/booking/calendar';
import { LOCATIONS } from '@/lib/catalog/tables';

/** The address of one location's day in the desk's day view. */
export function dayPath(location: string, date: string): string {
  return `/desk/day/${location}/${date}/`;
}

export const DAY_FORM_PATH = '/desk/day/';

/**
 * Where the day view's date form (a GET to /desk/day/?location=&date=, so it works without scripts) goes: the day's
 * own address, today's view for the bare address, or undefined when the location or the date names none (the page
 * says so). The middleware answers with it as a real redirect: a page that has begun to stream can only redirect
 * with its scripts, and without them the form led to a blank page.
 */
export function dayFormTarget(query: URLSearchParams): string | undefined {
  const location = query.get('location');
  const date = query.get('date');
  if (location === null && date === null) return '/desk/';
  const place = LOCATIONS.find((l) => l.slug === location);
  const day = parseDateInLocationTz(date ?? undefined);
  return place && day ? dayPath(place.slug, day) : undefined;
}
