/** The week of one therapist at a location, from the week holding `date` (app/(desk)/desk/week/). */
export function weekPath(location: string, therapistId: number | string, date: string): string {
  return `/desk/week/${location}/${therapistId}/${date}/`;
}
