import { apiHandler, json, parseQuery } from '@/lib/api';
import { locationsQuerySchema } from '@/lib/api/locations';
import { locationData } from '@/lib/catalog/catalog';

/**
 * Read from the catalogue in memory (no database read), so it shows a published change at once; a shared cache or
 * the browser may keep it 5 seconds.
 */
export const GET = apiHandler(async (request) => {
  const { svcLocation, genderId } = parseQuery(request, locationsQuerySchema);
  return json(locationData(svcLocation, genderId), { headers: { 'cache-control': 'public, max-age=5, s-maxage=5' } });
});
