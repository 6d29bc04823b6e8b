import 'server-only';
import { parseQuery } from '@/lib/api';
import { isDeskRole } from '@/lib/auth/roles';
import { backend } from '@/lib/backend';
import type { SlotCaller } from './find-slots';
import { slotCustomerQuerySchema } from './slot-query';

/**
 * Who a slot or visit-time list is asked for. A signed-in customer's own appointments are left out of the times
 * offered (lib/booking/busy.ts, customerBusy); `?exceptBooking=&exceptArea=` names the appointment being
 * moved, which does not stand in its own way. Staff (booking for someone else) get the times as they are, on the
 * desk's channel: every location where a therapist does the area, Williamsburg too. Visitors get the online lists
 * (as a front would, whose sessions live upstream: its API calls are the upstream's, so this runs there). `?services=` narrows the therapists to those who do them all.
 */
export async function slotCallerOf(request: Request): Promise<SlotCaller> {
  const { exceptBooking, exceptArea, services } = parseQuery(request, slotCustomerQuerySchema);
  const serviceIds = services ?? [];
  const user = await backend().sessionUser(request);
  if (user && isDeskRole(user.role)) return { channel: 'desk', serviceIds };
  if (!user || user.role !== 'customer') return { serviceIds };
  const customer = { id: user.id, ...(exceptBooking && exceptArea ? { moving: { bookingId: exceptBooking, areaId: exceptArea } } : {}) };
  return { customer, serviceIds };
}
