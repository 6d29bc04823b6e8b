import { apiHandler, json, parseParams, parseQuery } from '@/lib/api';
import { findVisitTimes, visitParamsSchema, visitQuerySchema } from '@/lib/booking/visit-availability';
import { holderOf } from '@/lib/booking/hold-handlers';
import { slotCallerOf } from '@/lib/booking/slot-customer';
import { getDb } from '@/lib/db';

type Params = { location: string };

export const GET = apiHandler<Params>(async (request, { params }) => {
  const { location } = parseParams(params, visitParamsSchema);
  const query = parseQuery(request, visitQuerySchema);
  // The caller's own holds stay in their times (lib/booking/holds.ts) and a customer's own appointments are left out,
  // so the answer depends on the cookies.
  return json(await findVisitTimes(await getDb(), { ...query, location }, Date.now(), holderOf(request), await slotCallerOf(request)), { headers: { vary: 'cookie' } });
});
