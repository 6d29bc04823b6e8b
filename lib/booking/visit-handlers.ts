import 'server-only';
import { apiHandler, json, parseParams, parseQuery } from '@/lib/api';
import { getDb } from '@/lib/db';
import { holderOf } from './hold-handlers';
import { slotCallerOf } from './slot-customer';
import { findVisitTimes, visitParamsSchema, visitQuerySchema } from './visit-availability';

/**
 * GET /api/visits/{location}/?areas=&from=&days=&date=&services=: the strip's days with their counts and one day's
 * visit times. Also asked by the booking page's server for the times it draws with the page (first-free-times.ts).
 */
export const visitTimesHandler = apiHandler<{ location: string }>(async (request, { params }) => {
  const { location } = parseParams(params, visitParamsSchema);
  const query = parseQuery(request, visitQuerySchema);
  // The caller's own holds stay in their times (lib/booking/holds.ts) and a customer's own appointments are left out,
  // so the answer depends on the cookies.
  return json(await findVisitTimes(await getDb(), { ...query, location }, Date.now(), holderOf(request), await slotCallerOf(request)), { headers: { vary: 'cookie' } });
});
