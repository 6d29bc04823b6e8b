import { apiHandler, json, parseParams } from '@/lib/api';
import { findSlots, slotParamsSchema } from '@/lib/booking/availability';
import { getDb } from '@/lib/db';

type Params = { location: string; areaId: string; therapistId: string; date: string; duration: string };

export const GET = apiHandler<Params>(async (_request, { params }) => {
  const query = parseParams(params, slotParamsSchema);
  return json(await findSlots(await getDb(), query));
});
