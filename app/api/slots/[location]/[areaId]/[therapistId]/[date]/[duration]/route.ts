import { apiHandler, json, parseParams } from '@/lib/api';
import { findSlots } from '@/lib/booking/find-slots';
import { holderOf } from '@/lib/booking/hold-handlers';
import { slotParamsSchema } from '@/lib/booking/slot-query';
import { slotCallerOf } from '@/lib/booking/slot-customer';
import { getDb } from '@/lib/db';

type Params = { location: string; areaId: string; therapistId: string; date: string; duration: string };

export const GET = apiHandler<Params>(async (request, { params }) => {
  const query = parseParams(params, slotParamsSchema);
  // The caller's own holds stay in their list (lib/booking/holds.ts) and a customer's own appointments are left out,
  // so the answer depends on the cookies.
  return json(await findSlots(await getDb(), query, Date.now(), holderOf(request), await slotCallerOf(request)), { headers: { vary: 'cookie' } });
});
