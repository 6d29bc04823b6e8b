/** The longest booking of one area: several services back to back, within one day's opening hours. */
export const MAX_BOOKING_MINUTES = 600;

/** What the booking page says of a cart longer than one visit may be, instead of asking for its times. */
export function tooLongVisitSentence(minutes: number): string | undefined {
  if (minutes <= MAX_BOOKING_MINUTES) return undefined;
  const hours = (minutes / 60).toFixed(minutes % 60 === 0 ? 0 : 1);
  return `These services take ${hours} hours, and one visit can take at most ${MAX_BOOKING_MINUTES / 60}. Take some out of your booking, or book them as two visits.`;
}
