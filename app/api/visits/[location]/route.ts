import { apiHandler, json, parseParams, parseQuery } from '@/lib/api';
import { findVisitTimes, visitParamsSchema, visitQuerySchema } from '@/lib/booking/visit-availability';
import { getDb } from '@/lib/db';

type Params = { location: string };

export const GET = apiHandler<Params>(async (request, { params }) => {
  const { location } = parseParams(params, visitParamsSchema);
  const query = parseQuery(request, visitQuerySchema);
  return json(await findVisitTimes(await getDb(), { ...query, location }));
});
