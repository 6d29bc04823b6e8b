import 'server-only';
import { cookies } from 'next/headers';
import { readPersistedState } from './state';

type PersonalState = ReturnType<typeof readPersistedState>['state'];

/** Keyed by the request's cookie store, which Next.js makes once per request: the reading ends with the request. */
const readings = new WeakMap<object, PersonalState>();

/**
 * What this visitor's cookies say, read once per request, for what is rendered per request anyway: the
 * personal layouts' <noscript> marks (booking, checkout, account), the favourites list and the booking page.
 * Prerendered pages in app/(site)/ never call it outside the favourites page: any cookie read makes Next.js render
 * the page per request (docs/decisions.md, 'Saved state on the server'). A refused cookie reads as an empty store.
 */
export async function personalState(): Promise<PersonalState> {
  const jar = await cookies();
  let state = readings.get(jar);
  if (!state) {
    state = readPersistedState((name) => jar.get(name)?.value).state;
    readings.set(jar, state);
  }
  return state;
}
