/** The largest therapist id: the column is a smallint. */
export const MAX_THERAPIST_ID = 32767;

/**
 * Whether text is a therapist id as an address or a form writes it: 1 to 32767, no leading zero. A larger number
 * reached the database, which refused it for its column (a 500 for /desk/team/therapists/40000/).
 */
export function isTherapistIdText(text: string): boolean {
  return /^[1-9]\d{0,4}$/.test(text) && Number(text) <= MAX_THERAPIST_ID;
}
