import 'server-only';
import { readCookie } from '@/lib/api/cookies';
import { backend } from '@/lib/backend';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import { AUTH_PROFILE_COOKIE, profileCookie, signOutCookies, type Profile } from './cookies';
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
  return (await deskGateAnswer(request)).gate;
}

/**
 * The gate with the readable profile put right: a Set-Cookie for BnpAuth when it does not name the session's account
 * (another account's, an old name, none at all) or names one while there is no session. The header greets from that
 * cookie once the scripts run, so a desk page on a shared tablet greets the account the desk is signed in as, and
 * the one the sign-in page will ask for otherwise.
 */
export async function deskGateAnswer(request: Request): Promise<{ gate: DeskGate; displayCookie?: string }> {
  if (!backend().can.desk) return { gate: 'not-found' };
  const session = await getSession(request);
  const displayCookie = displayCookieFor(readCookie(request, AUTH_PROFILE_COOKIE), session?.user ?? null);
  const fixed = displayCookie ? { displayCookie } : {};
  if (!session) return { gate: 'sign-in', ...fixed };
  const allowed = isOwnerDeskPath(new URL(request.url).pathname) ? isOwnerRole(session.user.role) : isDeskRole(session.user.role);
  return { gate: allowed ? 'desk' : 'not-found', ...fixed };
}

/** Pure: the Set-Cookie that makes the readable profile `raw` say what the session says, or undefined when it does. */
export function displayCookieFor(raw: string | undefined, user: Profile | null): string | undefined {
  const shown = profileFromAuthCookie(raw);
  if (!user) return shown?.isAuth ? signOutCookies()[1] : undefined;
  if (shown?.isAuth && shown.customerId === user.id && shown.name === user.name && shown.email === user.email) return undefined;
  return profileCookie(user);
}
