import 'server-only';
import { readBooking, type BookedCard } from '@/lib/booking/appointments';
import { getDb } from '@/lib/db';
import { isGuid } from '@/lib/validation';

/** One booking of the signed-in customer, or undefined for a malformed id, someone else's booking or none. */
export async function bookingOf(customerId: string, cid: string): Promise<BookedCard | undefined> {
  if (!isGuid(cid)) return undefined;
  return readBooking(await getDb(), customerId, cid.replace(/[{}]/g, '').toLowerCase());
}
