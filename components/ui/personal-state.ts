import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { readPersistedState } from '@/lib/persistence/state';

/**
 * What this visitor's cookies say, read once per request, for what is rendered per request anyway: the
 * personal layouts' <noscript> marks (booking, checkout, account), the favourites list and the booking page.
 * Prerendered pages in app/(site)/ never call it outside the favourites page: any cookie read makes Next.js render
 * the page per request (docs/decisions.md, 'Saved state on the server'). A refused cookie reads as an empty store.
 */
export const personalState = cache(async () => {
  const jar = await cookies();
  return readPersistedState((name) => jar.get(name)?.value).state;
});
