import 'server-only';
import { cookies } from 'next/headers';
import { readSavedState, type SavedStateReading } from './state';

/** Keyed by the request's cookie store, which Next.js makes once per request: the reading ends with the request. */
const readings = new WeakMap<object, SavedStateReading>();

/**
 * What this visitor's cookies say, read once per request, for what is rendered per request anyway: the saved state
 * the personal layouts hand their browser and their <noscript> marks (booking, checkout, account), the favourites
 * list and the booking page. Prerendered pages in app/(site)/ never call it outside the favourites page: any cookie
 * read makes Next.js render the page per request (docs/decisions.md, 'Saved state on the server'). A refused cookie
 * reads as an empty store.
 */
export async function personalReading(): Promise<SavedStateReading> {
  const jar = await cookies();
  let reading = readings.get(jar);
  if (!reading) {
    reading = readSavedState((name) => jar.get(name)?.value);
    readings.set(jar, reading);
  }
  return reading;
}

/** The stores' values of personalReading(). */
export async function personalState(): Promise<SavedStateReading['state']> {
  return (await personalReading()).state;
}
