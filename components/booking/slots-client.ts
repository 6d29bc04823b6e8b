import * as z from 'zod/mini';

/** The slots answer as the page reads it (the API sends more). */
export const slotsAnswerSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ start: z.string(), time: z.string(), therapistIds: z.array(z.number()) })),
  timestamp: z.string(),
  /** The holiday or closure that shuts the location that day ('Thanksgiving Day'). */
  closure: z.optional(z.string()),
});
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

export const SLOT_KEY_PREFIX = '/api/slots/';

/** The appointment a reschedule moves: the customer's own times are left out of the list, but not its own. */
export interface MovingAppointment {
  bookingId: string;
  areaId: number;
}

/** `serviceIds`: the area's services, so that only therapists who do them all at the location are offered. */
export function slotsKey(location: string, areaId: number, therapistId: number, date: string, duration: number, moving?: MovingAppointment, serviceIds: readonly string[] = []): string | null {
  if (!date || duration <= 0) return null;
  const query = new URLSearchParams();
  if (moving) {
    query.set('exceptBooking', moving.bookingId);
    query.set('exceptArea', String(moving.areaId));
  }
  if (serviceIds.length > 0) query.set('services', serviceIds.map((id) => id.replace(/[{}]/g, '')).join(','));
  return `${SLOT_KEY_PREFIX}${location}/${areaId}/${therapistId}/${date}/${duration}/${query.size > 0 ? `?${query}` : ''}`;
}

export class SlotsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function fetchSlots(url: string): Promise<SlotsAnswer> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new SlotsError(typeof message === 'string' ? message : `The free times could not be loaded (${response.status}).`, response.status);
  }
  return slotsAnswerSchema.parse(body);
}

/** Error code 1 of the specification: the day has no free time. */
export const NO_SLOTS_ERROR = 1;
