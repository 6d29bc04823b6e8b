import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { currentUser } from './current-user';
import { isDeskRole, isOwnerRole } from './roles';
import type { SessionUser } from './session';

/**
 * The staff member viewing a front-desk page. A visitor is sent to sign in and brought back; a signed-in customer
 * gets the 404 page, so the desk's existence and its data stay out of a customer's view. Every desk page calls this
 * on the server before reading anything.
 */
export async function requireStaffPage(path: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(`/signin/?url=${encodeURIComponent(path)}`);
  if (!isDeskRole(user.role)) notFound();
  return user;
}

/** The owner viewing an owner's page (/desk/menu/, /desk/team/, ...): the front desk and customers get the 404 page. */
export async function requireOwnerPage(path: string): Promise<SessionUser> {
  const user = await requireStaffPage(path);
  if (!isOwnerRole(user.role)) notFound();
  return user;
}
