import type { SlotsAnswer } from './slots-schema';

export type { SlotsAnswer } from './slots-schema';

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

/** The free times did not arrive, or the code that reads them did not load: the person is told the same. */
export const FREE_TIMES_UNREACHABLE = 'The free times could not be loaded. Please check your connection and try again.';

/**
 * GET `url` and read its answer with the schema `loadSchema` brings: the schema's module (and zod with it) loads
 * beside the request, not with the page. A refused answer says the server's sentence, or its status.
 */
export async function fetchFreeTimes<T>(url: string, loadSchema: () => Promise<{ parse: (body: unknown) => T }>): Promise<T> {
  const [response, schema] = await Promise.all([fetch(url, { headers: { accept: 'application/json' } }), loadSchema()]).catch(() => {
    throw new SlotsError(FREE_TIMES_UNREACHABLE, 0);
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new SlotsError(typeof message === 'string' ? message : `The free times could not be loaded (${response.status}).`, response.status);
  }
  return schema.parse(body);
}

export function fetchSlots(url: string): Promise<SlotsAnswer> {
  return fetchFreeTimes(url, async () => (await import('./slots-schema')).slotsAnswerSchema);
}

/** Error code 1 of the specification: the day has no free time. */
export const NO_SLOTS_ERROR = 1;
