import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { BookingCard } from '@/lib/booking/card';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import type { BookingContext } from '../booking-types';
import { BookingView } from '../BookingView';
import { timesFromUrl, withTimes, type TimeChoices } from '../build-card';
import type { BookingUrlState, TimesMode } from '../url-state';
// The globals the card store needs in jsdom.
import './booking-fixtures';

export interface RenderBookingView {
  card: BookingCard;
  context: BookingContext;
  /** The choices in the page's URL (dates as plain strings); the times start from them unless `times` is given. */
  url?: Partial<Record<number, { therapist?: number; date?: string; time?: string }>>;
  times?: TimeChoices;
  /** Omitted: the page's default (one time for the whole visit). */
  mode?: TimesMode;
  /** Rendered beside the page inside the same stores (the snackbar that shows the location notices). */
  children?: ReactNode;
}

/** The booking island as BookingLoader mounts it: real stores on `card` with its times, a fresh SWR cache per render. */
export function renderBookingView({ card: saved, context, url = {}, times = timesFromUrl(saved, url), mode, children }: RenderBookingView): AppStores {
  const card = withTimes(saved, times);
  const stores = createAppStores({ card });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StoresProvider stores={stores}>
        <BookingView serverCard={card} context={context} initialUrl={url as BookingUrlState} initialMode={mode} />
        {children}
      </StoresProvider>
    </SWRConfig>,
  );
  return stores;
}
