import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { cardServiceCount, cardServiceIds } from '@/lib/persistence/card';
import { readPersistedState } from '@/lib/persistence/state';

/**
 * What this visitor's cookies say, read once per request, for pages that are rendered per request anyway (booking,
 * favourites, a bare tab's gender). Catalogue pages never call it: any cookie read makes Next.js render the page per
 * request (see HeaderActions). A refused cookie reads as an empty store.
 */
export const personalState = cache(async () => {
  const jar = await cookies();
  const { state } = readPersistedState((name) => jar.get(name)?.value);
  return {
    ...state,
    bookingCount: cardServiceCount(state.card),
    bookedIds: new Set(cardServiceIds(state.card)),
    favoriteIds: new Set(state.favorites),
  };
});
