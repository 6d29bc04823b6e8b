import 'server-only';
import { parseQuery } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { isDeskRole } from '@/lib/auth/roles';
import { proxyEnabled } from '@/lib/env';
import type { SlotCaller } from './find-slots';
import { slotCustomerQuerySchema } from './slot-query';

/**
 * Who a slot or visit-time list is asked for. A signed-in customer's own appointments are left out of the times
 * offered (lib/booking/busy.ts, customerBusy); `?exceptBooking=&exceptArea=` names the appointment being
 * moved, which does not stand in its own way. Staff (booking for someone else) get the times as they are, on the
 * desk's channel: every location where a therapist does the area, Williamsburg too. Visitors and proxy mode (the
 * session lives upstream) get the online lists. `?services=` narrows the therapists to those who do them all.
 */
export async function slotCallerOf(request: Request): Promise<SlotCaller> {
  const { exceptBooking, exceptArea, services } = parseQuery(request, slotCustomerQuerySchema);
  const serviceIds = services ?? [];
  if (proxyEnabled()) return { serviceIds };
  const session = await getSession(request);
  if (session && isDeskRole(session.user.role)) return { channel: 'desk', serviceIds };
  if (!session || session.user.role !== 'customer') return { serviceIds };
  const customer = { id: session.user.id, ...(exceptBooking && exceptArea ? { moving: { bookingId: exceptBooking, areaId: exceptArea } } : {}) };
  return { customer, serviceIds };
}
