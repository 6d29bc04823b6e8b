import { apiHandler, json, parseParams } from '@/lib/api';
import { findSlots, slotParamsSchema } from '@/lib/booking/availability';
import { holderOf } from '@/lib/booking/holds';
import { getDb } from '@/lib/db';

type Params = { location: string; areaId: string; therapistId: string; date: string; duration: string };

export const GET = apiHandler<Params>(async (request, { params }) => {
  const query = parseParams(params, slotParamsSchema);
  // The caller's own holds stay in their list (lib/booking/holds.ts), so the answer depends on the hold cookie.
  return json(await findSlots(await getDb(), query, Date.now(), holderOf(request)), { headers: { vary: 'cookie' } });
});
