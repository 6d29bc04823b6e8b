import 'server-only';
import { parseQuery } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { proxyEnabled } from '@/lib/env';
import { slotCustomerQuerySchema, type SlotCustomer } from './availability';

/**
 * The signed-in customer a slot or visit-time list is asked for: their own appointments are left out of the times
 * offered (lib/booking/availability.ts, customerBusy). `?exceptBooking=&exceptArea=` names the appointment being
 * moved, which does not stand in its own way. Staff (booking for someone else), visitors and proxy mode (the session
 * lives upstream) get the times as they are.
 */
export async function slotCustomerOf(request: Request): Promise<SlotCustomer | undefined> {
  if (proxyEnabled()) return undefined;
  const { exceptBooking, exceptArea } = parseQuery(request, slotCustomerQuerySchema);
  const session = await getSession(request);
  if (!session || session.user.role !== 'customer') return undefined;
  return { id: session.user.id, ...(exceptBooking && exceptArea ? { moving: { bookingId: exceptBooking, areaId: exceptArea } } : {}) };
}
