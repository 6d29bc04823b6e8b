import 'server-only';
import { json, parseQuery } from '@/lib/api';
import { requireOwner } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { reportFor } from './figures';
import { reportQuerySchema } from './period';
import { reportOnTheWire } from './wire';

/**
 * GET /api/desk/reports/?from=YYYY-MM-DD&to=YYYY-MM-DD&location=all|soho|midtown|williamsburg|nolita: the report of
 * the period (New York dates, inclusive, at most 366 days) beside the period before, in the API's shape (wire.ts). The
 * owner only: 401 for a visitor, 403 for anyone else, before anything is read; a query it cannot read is a 400.
 */
export async function reportHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  const query = parseQuery(request, reportQuerySchema);
  return json(reportOnTheWire(await reportFor(await getDb(), query)));
}
