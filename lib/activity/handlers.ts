import 'server-only';
import { json, parseQuery } from '@/lib/api';
import { requireOwner } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { activityQuerySchema, listActivity } from './read';

/**
 * GET /api/desk/activity/?kind=promotions&before={id}&limit=25: the owner's activity log, newest first; `next` is the
 * `before` of the following page (null on the last). The owner only: 401 for a visitor, 403 for anyone else.
 */
export async function activityHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  const query = parseQuery(request, activityQuerySchema);
  return json(await listActivity(await getDb(), query));
}
