import type { AppointmentCard } from '@/lib/persistence/model';
import { withDate, withTherapist } from '@/stores/card-edits';
import { applyUrlChoices, timesFromUrl, type TimeChoices } from './build-card';
import type { TimesMode } from './url-state';

/*
 * The booking page's one reducer: what choosing a therapist, a day, a time or a visit time does to the card and to the
 * times chosen on it. Pure; use-booking-page.ts runs it against the card store. A time is kept with the therapist and
 * day it was chosen for, and a choice that changes either drops it here, so no time outlives its day.
 */

export interface BookingPage {
  card: AppointmentCard;
  times: TimeChoices;
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
  /** An address's therapists and days; given `only`, for the areas it accepts, with their times (added areas). */
  | { type: 'url'; url: BookingUrlChoices; therapistsOf: (areaId: number) => readonly { id: number }[]; only?: (areaId: number) => boolean };

function areaOf(card: AppointmentCard, areaId: number) {
  return card.svcAreas.find((area) => area.areaId === areaId);
}

export function reduceBookingPage(page: BookingPage, action: BookingPageAction): BookingPage {
  switch (action.type) {
    case 'therapist':
      return { ...page, card: withTherapist(page.card, action.areaId, action.therapist), times: { ...page.times, [action.areaId]: undefined } };
    case 'date': {
      const card = withDate(page.card, action.areaId, action.date);
      if (card === page.card) return page;
      const kept = page.times[action.areaId];
      return { ...page, card, times: kept && kept.date !== areaOf(card, action.areaId)?.svcDate ? { ...page.times, [action.areaId]: undefined } : page.times };
    }
    case 'time': {
      const area = areaOf(page.card, action.areaId);
      if (!area) return page;
      return { ...page, times: { ...page.times, [action.areaId]: action.time ? { therapist: area.svcTherapist, date: area.svcDate, time: action.time } : undefined } };
    }
    case 'visit': {
      if (!action.legs) return { ...page, times: Object.fromEntries(Object.entries(page.times).filter(([, choice]) => choice?.date !== action.date)) };
      let card = page.card;
      const times = { ...page.times };
      for (const leg of action.legs) {
        const area = areaOf(page.card, leg.areaId);
        if (!area) continue;
        if (area.svcDate !== action.date) card = withDate(card, leg.areaId, action.date);
        times[leg.areaId] = { therapist: area.svcTherapist, date: action.date, time: leg.time };
      }
      return { ...page, card, times };
    }
    case 'mode':
      // Per-service times need not follow each other: coming back to one visit time starts afresh.
      return { ...page, mode: action.mode, times: action.mode === 'visit' ? {} : page.times };
    case 'url': {
      const only = action.only;
      // applyUrlChoices keeps the areas in place: an area it is not asked for stays as it was.
      const applied = applyUrlChoices(page.card, action.url, action.therapistsOf);
      const card = applied === page.card || !only ? applied : { ...page.card, svcAreas: page.card.svcAreas.map((area, i) => (only(area.areaId) ? applied.svcAreas[i]! : area)) };
      if (!only) return card === page.card ? page : { ...page, card };
      const taken = timesFromUrl({ ...card, svcAreas: card.svcAreas.filter((area) => only(area.areaId)) }, action.url);
      return { ...page, card, times: { ...page.times, ...taken } };
    }
  }
}
