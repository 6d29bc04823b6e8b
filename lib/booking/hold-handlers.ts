import 'server-only';
import { apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';
import { appointmentCardSchema } from './card-schema';
import { holderFor, holderOf, placeHolds, releaseHolds } from './holds';

/**
 * POST /api/holds/: the booking card as it will be booked (customerId may be empty); holds its times for 10
 * minutes (201), or 416 when one is booked or held by someone else; 20 a client in 15 minutes (429). Sets the hold
 * cookie when the caller has none.
 */
export const placeHoldsHandler = apiHandler(async (request) => {
  const card = await parseJsonBody(request, appointmentCardSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'hold', { client: clientAddress(request) });
  const { holder, setCookie } = holderFor(request);
  const placed = await placeHolds(db, holder, card);
  return json(placed, { status: 201, headers: setCookie ? { 'set-cookie': setCookie } : {} });
});

/** DELETE /api/holds/: ends the caller's holds (the customer left the booking page); 204 either way. */
export const releaseHoldsHandler = apiHandler(async (request) => {
  await releaseHolds(await getDb(), holderOf(request));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});
