import { areaDay, areaOf, type BookingArea, type BookingCard } from '@/lib/booking/card';
import { cardDate, withDate, withTherapist, withTime } from '@/stores/card-edits';
import { applyUrlChoices, timesFromUrl, withTimes } from './build-card';
import type { TimesMode } from './url-state';

/*
 * The booking page's one reducer: what choosing a therapist, a day, a time or a visit time does to the card. Pure;
 * use-booking-page.ts runs it against the card store. A time belongs to the card, on its area's day (a 'time' when):
 * a new therapist or a new day takes it away (card-edits.ts), so no time outlives its day. The cookie keeps
 * the day only; the address keeps the time for a reload.
 */

export interface BookingPage {
  card: BookingCard;
  /** One time for the whole visit, or a time per service (`times=each`). */
  mode: TimesMode;
}

export type BookingUrlChoices = Partial<Record<number, { therapist?: number; date?: string; time?: string }>>;

export type BookingPageAction =
  | { type: 'therapist'; areaId: number; therapist: number }
  | { type: 'date'; areaId: number; date: string }
  | { type: 'time'; areaId: number; time: string | undefined }
  /** A visit time: every area of its legs on `date`, each at its leg's time; none drops the times of that day. */
  | { type: 'visit'; date: string; legs: readonly { areaId: number; time: string }[] | undefined }
  | { type: 'mode'; mode: TimesMode }
  /** An address's therapists, days and times; given `only`, for the areas it accepts (added areas). */
  | { type: 'url'; url: BookingUrlChoices; therapistsOf: (areaId: number) => readonly { id: number }[]; only?: (areaId: number) => boolean };

/** The card with the times of these areas (all when none is named) back to their day alone. */
function withoutTimes(card: BookingCard, which: (area: BookingArea) => boolean): BookingCard {
  return card.areas.reduce((next, area) => (which(area) ? withTime(next, area.area, undefined) : next), card);
}

function withCard(page: BookingPage, card: BookingCard): BookingPage {
  return card === page.card ? page : { ...page, card };
}

export function reduceBookingPage(page: BookingPage, action: BookingPageAction): BookingPage {
  switch (action.type) {
    case 'therapist':
      return withCard(page, withTherapist(page.card, action.areaId, action.therapist));
    case 'date': {
      // The same day keeps its time; another day starts without one.
      const area = areaOf(page.card, action.areaId);
      if (area && action.date !== '' && areaDay(area) === cardDate(action.date)) return page;
      return withCard(page, withDate(page.card, action.areaId, action.date));
    }
    case 'time':
      return withCard(page, withTime(page.card, action.areaId, action.time));
    case 'visit': {
      const legs = action.legs;
      if (!legs) return withCard(page, withoutTimes(page.card, (area) => area.when.kind === 'time' && area.when.date === action.date));
      let card = page.card;
      for (const leg of legs) {
        const area = areaOf(card, leg.areaId);
        if (!area) continue;
        if (areaDay(area) !== action.date) card = withDate(card, leg.areaId, action.date);
        if (areaDay(areaOf(card, leg.areaId)!) === action.date) card = withTime(card, leg.areaId, leg.time);
      }
      return withCard(page, card);
    }
    case 'mode': {
      // Per-service times need not follow each other: coming back to one visit time starts afresh.
      const card = action.mode === 'visit' ? withoutTimes(page.card, () => true) : page.card;
      return { ...withCard(page, card), mode: action.mode };
    }
    case 'url': {
      const only = action.only ?? (() => true);
      // applyUrlChoices keeps the areas in place: an area it is not asked for stays as it was.
      const applied = applyUrlChoices(page.card, action.url, action.therapistsOf);
      const card = applied === page.card || !action.only ? applied : { ...page.card, areas: page.card.areas.map((area, i) => (only(area.area) ? applied.areas[i]! : area)) };
      const times = timesFromUrl({ ...card, areas: card.areas.filter((area) => only(area.area)) }, action.url);
      return withCard(page, withTimes(card, times));
    }
  }
}
