import { apiHandler, json, parseQuery } from '@/lib/api';
import { locationsQuerySchema } from '@/lib/api/locations';
import { locationData } from '@/lib/catalog/catalog';

export const GET = apiHandler(async (request) => {
  const { svcLocation, genderId } = parseQuery(request, locationsQuerySchema);
  return json(locationData(svcLocation, genderId), { headers: { 'cache-control': 'public, max-age=300' } });
});
