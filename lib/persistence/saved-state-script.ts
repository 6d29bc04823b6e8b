import { MARK_KEYS, NAME_MAX, NAME_PROPERTY, SIGNED_IN_MARK } from './saved-state-marks';

/*
 * The cookies' names, written out: the inline script's element is a client component (stores/saved-state/
 * SavedStateScript.tsx), and importing ./cookies.ts for them would put the cookie code in every page's first load.
 * saved-state-script.test.ts checks them against COOKIE_NAMES.
 */
export const CARD_COOKIE = 'bnp_card';
export const FAVORITES_COOKIE = 'bnp_fav';
export const SHOP_COOKIE = 'bnp_shop';
export const AUTH_COOKIE = 'BnpAuth';

/**
 * The same marks, from the raw cookies, as an inline script: no imports, no zod (about 1 KB). It counts what the
 * cookie codecs write (lib/persistence/card.ts, lists.ts, auth.ts), after the version stamp if there is one
 * (stamp.ts); first-paint.test.ts runs it on cookies made by those codecs and compares with applySavedStateMarks. A
 * cookie it cannot read shows nothing: the stores check every cookie with its schema right after hydration, replace a
 * bad one, and the marks follow them.
 */
export const SAVED_STATE_SCRIPT = `(function(){var d=document,r=d.documentElement,c={};
d.cookie.split(';').forEach(function(p){var i=p.indexOf('=');if(i>0)c[p.slice(0,i).trim()]=p.slice(i+1).trim()});
function j(v){v=v.slice(v.indexOf('.')+1);try{return JSON.parse(atob(v.replace(/-/g,'+').replace(/_/g,'/')))}catch(e){return null}}
function m(k,n){if(n>0){r.setAttribute('data-'+k,n);r.style.setProperty('--'+k,n)}}
function len(a){return Array.isArray(a)?a.length:0}
var b=j(c.${CARD_COOKIE}||''),n=0;
if(b&&Array.isArray(b.a))b.a.forEach(function(x){if(Array.isArray(x)&&Array.isArray(x[3]))x[3].forEach(function(t){if(Array.isArray(t))n+=len(t[1])})});
m('${MARK_KEYS.bookingCount}',n);
var f=j(c.${FAVORITES_COOKIE}||'');m('${MARK_KEYS.favoritesCount}',f?len(f.f):0);
var s=j(c.${SHOP_COOKIE}||'');m('${MARK_KEYS.shopCount}',s?len(s.i):0);
try{var u=JSON.parse(decodeURIComponent(atob(decodeURIComponent(c.${AUTH_COOKIE}||''))));
if(u&&typeof u.id=='string'&&u.id){var t=String(u.name||u.email||'').slice(0,${NAME_MAX});
r.setAttribute('${SIGNED_IN_MARK}','');r.style.setProperty('${NAME_PROPERTY}','"'+t.replace(/[\\u0000-\\u001f\\u007f]/g,' ').replace(/["\\\\]/g,'\\\\$&')+'"')}}catch(e){}
})()`;
