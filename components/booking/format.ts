
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
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** 'Saturday, December 5, 2026 at 2:30 PM EST': an instant in New York time, whatever the reader's time zone. */
export { formatInstantInNewYork } from '@/lib/booking/dates';
