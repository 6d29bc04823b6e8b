import { apiHandler, json, parseParams } from '@/lib/api';
import { findSlots, slotParamsSchema } from '@/lib/booking/availability';
import { holderOf } from '@/lib/booking/holds';
import { slotCallerOf } from '@/lib/booking/slot-customer';
import { getDb } from '@/lib/db';

type Params = { location: string; areaId: string; therapistId: string; date: string; duration: string };

export const GET = apiHandler<Params>(async (request, { params }) => {
  const query = parseParams(params, slotParamsSchema);
  const caller = await slotCallerOf(request);
  // The caller's own holds stay in their list (lib/booking/holds.ts), a customer's own appointments are left out and
  // the desk is not bound by the minimum notice, so the answer depends on the cookies.
  return json(await findSlots(await getDb(), query, Date.now(), holderOf(request), caller.customer, caller.desk), { headers: { vary: 'cookie' } });
});
