import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { currentUser } from './current-user';
import type { SessionUser } from './session';

/**
 * The staff member viewing a front-desk page. A visitor is sent to sign in and brought back; a signed-in customer
 * gets the 404 page, so the desk's existence and its data stay out of a customer's view. Every desk page calls this
 * on the server before reading anything.
 */
export async function requireStaffPage(path: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(`/signin/?url=${encodeURIComponent(path)}`);
  if (user.role !== 'staff') notFound();
  return user;
}
