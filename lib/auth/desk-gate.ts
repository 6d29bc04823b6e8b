import 'server-only';
import { backend } from '@/lib/backend';
import { isDeskRole, isOwnerDeskPath, isOwnerRole } from './roles';
import { getSession } from './session';

/** What a request for a desk page gets: the page, the 404 page, or a redirect to sign in. */
export type DeskGate = 'desk' | 'not-found' | 'sign-in';

/**
 * The desk's first gate, run by the middleware before the page starts to stream, so that its answer can carry the
 * status: a rendered page sends its status before the layout has read the session (docs/decisions.md, 'A staff area
 * at /desk/'). A staff session (the stored role or STAFF_EMAILS) gets the page; a customer the 404; no session, or
 * one that has ended or expired, the sign-in. A proxy front has no database and no desk (the staff use the upstream's
 * own address), so every desk page of a front is a 404, without asking anyone. The owner's pages (menu, team, hours,
 * promotions, activity, reports) are a 404 for the front desk too. The layout and each page check again.
 */
export async function deskGate(request: Request): Promise<DeskGate> {
  if (!backend().can.desk) return 'not-found';
  const session = await getSession(request);
  if (!session) return 'sign-in';
  if (isOwnerDeskPath(new URL(request.url).pathname)) return isOwnerRole(session.user.role) ? 'desk' : 'not-found';
  return isDeskRole(session.user.role) ? 'desk' : 'not-found';
}
