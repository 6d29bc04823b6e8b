import 'server-only';
import { parseQuery } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { isDeskRole } from '@/lib/auth/roles';
import { proxyEnabled } from '@/lib/env';
import { slotCustomerQuerySchema, type SlotCustomer } from './availability';

/** Who a slot or visit-time list is asked for: a signed-in customer, the desk, or a visitor. */
export interface SlotCaller {
  /** The signed-in customer, whose own appointments are left out of the times (customerBusy in availability.ts). */
  customer?: SlotCustomer;
  /** The front desk or the owner, booking for someone else: not bound by the online minimum notice (notice.ts). */
  desk: boolean;
}

/**
 * The caller of a slot or visit-time list, from the session. `?exceptBooking=&exceptArea=` names the appointment
 * being moved, which does not stand in its own way. Staff (booking for someone else), visitors and proxy mode (the
 * session lives upstream) get the times as they are, staff without the minimum notice.
 */
export async function slotCallerOf(request: Request): Promise<SlotCaller> {
  if (proxyEnabled()) return { desk: false };
  const { exceptBooking, exceptArea } = parseQuery(request, slotCustomerQuerySchema);
  const session = await getSession(request);
  if (!session) return { desk: false };
  if (isDeskRole(session.user.role)) return { desk: true };
  if (session.user.role !== 'customer') return { desk: false };
  return { desk: false, customer: { id: session.user.id, ...(exceptBooking && exceptArea ? { moving: { bookingId: exceptBooking, areaId: exceptArea } } : {}) } };
}
