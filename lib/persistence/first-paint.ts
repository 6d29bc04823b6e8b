import type { AuthProfile, PersistedShopCart } from './model';
import { cardServiceCount, type BookingCard } from '@/lib/booking/card';
import { cssString, MARK_KEYS, type SavedStateMarks } from './saved-state-marks';

/**
 * Saved state at first paint. Every catalogue and content page is one prerendered file for every visitor, so the
 * header cannot carry a visitor's badges in its HTML. Instead a tiny script in <head> reads the cookies before the
 * body paints (as theme scripts do) and marks <html> with the counts and the signed-in name; the header's CSS
 * (app/globals.css, 'Saved state at first paint') shows the badges, their numbers (CSS counters) and the greeting
 * from those marks. After hydration the header keeps the marks in step with the stores (applySavedStateMarks in
 * saved-state-marks.ts, which has no cookie code: it loads with every page).
 */

/** The marks of a saved state; the greeting uses the name, or the email when the profile has none. */
export function savedStateMarks(state: { card: BookingCard; favorites: readonly string[]; shop: PersistedShopCart; auth: AuthProfile }): SavedStateMarks {
  return {
    bookingCount: cardServiceCount(state.card),
    favoritesCount: state.favorites.length,
    shopCount: state.shop.pvItems.length,
    ...(state.auth.isAuth ? { name: greetingName(state.auth) } : {}),
  };
}

/**
 * The marks of a page whose server read the session (the desk's): the session's account is greeted, whatever the
 * display cookie says, since that cookie is the browser's to keep or lose and may name nobody or an earlier account.
 */
export function sessionMarks(state: Parameters<typeof savedStateMarks>[0], account: { name: string; email: string }): SavedStateMarks {
  return { ...savedStateMarks(state), name: greetingName(account) };
}

function greetingName(account: { name: string; email: string }): string {
  return account.name || account.email;
}

// The inline script that sets the same marks from the raw cookies: saved-state-script.ts.


/**
 * The same marks as a stylesheet, for the pages rendered per request when scripts cannot run (where the inline
 * script cannot either): the account, booking and checkout layouts put it in a <noscript>, so a visitor who signed
 * in without JavaScript is greeted there. With scripts it is inert and the marks on <html> rule.
 */
export function savedStateNoScriptCss(marks: SavedStateMarks): string {
  const rules = [`html{counter-reset:bk ${marks.bookingCount} fv ${marks.favoritesCount} sh ${marks.shopCount}}`];
  for (const [field, key] of Object.entries(MARK_KEYS) as [keyof typeof MARK_KEYS, string][]) {
    if (marks[field] > 0) rules.push(`.badge-${key}{display:block!important}.marked-${key}{display:inline-flex!important}`);
  }
  if (marks.name !== undefined) {
    rules.push(`.signed-in{display:flex!important}.signed-out{display:none!important}.marked-name:empty::before{content:${cssString(marks.name).replace(/</g, '\\3c ')}}`);
  }
  return rules.join('');
}
