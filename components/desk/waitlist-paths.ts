import { LOCATIONS } from '@/lib/catalog/tables';
import { parseDateInLocationTz } from '@/lib/booking/dates';

/** The flash keys of the desk waitlist's forms (lib/forms/flash.ts). */
export const WAITLIST_FORM = 'desk-waitlist';
export const WAITLIST_BOOK_FORM = 'desk-waitlist-book';

/** The desk's waitlist of a location id and day, each kept only when it is one. */
export function deskWaitlistPath(location: string, date: string): string {
  const params = new URLSearchParams();
  if (LOCATIONS.some((l) => String(l.id) === location)) params.set('location', location);
  if (parseDateInLocationTz(date)) params.set('date', date);
  return params.size > 0 ? `/desk/waitlist/?${params}` : '/desk/waitlist/';
}

/** An entry's page of free times, with the list it came from to go back to. */
export function waitlistEntryPath(entryId: string, list: string): string {
  const query = list.split('?')[1];
  return `/desk/waitlist/${entryId}/${query ? `?${query}` : ''}`;
}
