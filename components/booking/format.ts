
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Saturday, December 5' for a calendar date 'YYYY-MM-DD' (no time zone involved). */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
}

export function formatShortDay(date: string): string {
  return shortDayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** '2:30 PM' for a wall-clock time 'HH:mm'. */
export { formatClock } from '@/lib/booking/clock';

/** 'Saturday, December 5, 2026 at 2:30 PM EST': an instant in New York time, whatever the reader's time zone. */
export { formatInstantInNewYork } from '@/lib/booking/calendar';
