import { COOKIE_NAMES } from './cookies';
import { cardServiceCount, type AppointmentCard, type AuthProfile, type PersistedShopCart } from './model';
import { cssString, MARK_KEYS, NAME_MAX, NAME_PROPERTY, SIGNED_IN_MARK, type SavedStateMarks } from './saved-state-marks';

/**
 * Saved state at first paint. Every catalogue and content page is one prerendered file for every visitor, so the
 * header cannot carry a visitor's badges in its HTML. Instead a tiny script in <head> reads the cookies before the
 * body paints (as theme scripts do) and marks <html> with the counts and the signed-in name; the header's CSS
 * (app/globals.css, 'Saved state at first paint') shows the badges, their numbers (CSS counters) and the greeting
 * from those marks. After hydration the header keeps the marks in step with the stores (applySavedStateMarks in
 * saved-state-marks.ts, which has no cookie code: it loads with every page).
 */

/** The marks of a saved state; the greeting uses the name, or the email when the profile has none. */
export function savedStateMarks(state: { card: AppointmentCard; favorites: readonly string[]; shop: PersistedShopCart; auth: AuthProfile }): SavedStateMarks {
  return {
    bookingCount: cardServiceCount(state.card),
    favoritesCount: state.favorites.length,
    shopCount: state.shop.pvItems.length,
    ...(state.auth.isAuth ? { name: state.auth.name || state.auth.email } : {}),
  };
}

/**
 * The same marks, from the raw cookies, as an inline script: no imports, no zod (about 1 KB). It counts what the
 * cookie codecs write (lib/persistence/card.ts, lists.ts, auth.ts); first-paint.test.ts runs it on cookies made by
 * those codecs and compares with applySavedStateMarks. A cookie it cannot read shows nothing: the stores check
 * every cookie with its schema right after hydration, replace a bad one, and the marks follow them.
 */
export const SAVED_STATE_SCRIPT = `(function(){var d=document,r=d.documentElement,c={};
d.cookie.split(';').forEach(function(p){var i=p.indexOf('=');if(i>0)c[p.slice(0,i).trim()]=p.slice(i+1).trim()});
function j(v){try{return JSON.parse(atob(v.replace(/-/g,'+').replace(/_/g,'/')))}catch(e){return null}}
function m(k,n){if(n>0){r.setAttribute('data-'+k,n);r.style.setProperty('--'+k,n)}}
function len(a){return Array.isArray(a)?a.length:0}
var b=j(c.${COOKIE_NAMES.card}||''),n=0;
if(b&&Array.isArray(b.a))b.a.forEach(function(x){if(Array.isArray(x)&&Array.isArray(x[3]))x[3].forEach(function(t){if(Array.isArray(t))n+=len(t[1])})});
m('${MARK_KEYS.bookingCount}',n);
var f=j(c.${COOKIE_NAMES.favorites}||'');m('${MARK_KEYS.favoritesCount}',f?len(f.f):0);
var s=j(c.${COOKIE_NAMES.shop}||'');m('${MARK_KEYS.shopCount}',s?len(s.i):0);
try{var u=JSON.parse(decodeURIComponent(atob(decodeURIComponent(c.${COOKIE_NAMES.auth}||''))));
if(u&&typeof u.id=='string'&&u.id){var t=String(u.name||u.email||'').slice(0,${NAME_MAX});
r.setAttribute('${SIGNED_IN_MARK}','');r.style.setProperty('${NAME_PROPERTY}','"'+t.replace(/[\\u0000-\\u001f\\u007f]/g,' ').replace(/["\\\\]/g,'\\\\$&')+'"')}}catch(e){}
})()`;

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
