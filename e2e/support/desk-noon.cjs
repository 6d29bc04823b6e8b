// Preloaded (NODE_OPTIONS=--require) into the desk-day journeys' own server only: its clock reads noon in New York,
// today, when it starts, and runs on from there. A visit can be checked in only on its day and booked only ahead of
// now, so the journeys need a bookable afternoon today whatever the hour they run at. The browser keeps its own clock.
const RealDate = Date;
const now = RealDate.now();
const nyDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
const nyHour = (ms) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(ms);
  return Number(parts.find((p) => p.type === 'hour').value) * 60 + Number(parts.find((p) => p.type === 'minute').value);
};
// Noon New York of that date, found by its offset from UTC noon (New York is 4 or 5 hours behind).
const utcNoon = RealDate.parse(`${nyDate}T12:00:00Z`);
const noon = utcNoon + (12 * 60 - nyHour(utcNoon)) * 60_000;
const offset = noon - now;
// Date.now only, which the site's rules read (their `now` defaults to it): a subclass of Date broke `Date()` calls.
const realNow = RealDate.now;
RealDate.now = () => realNow() + offset;
