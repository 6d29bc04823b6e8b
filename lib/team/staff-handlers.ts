import 'server-only';
import { json, notFound, parseJsonBody } from '@/lib/api';
import { afterAnswer } from '@/lib/api/after-answer';
import { rememberDevice } from '@/lib/auth/known-device';
import { signedInResponse } from '@/lib/auth/responses';
import { requireOwner } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { acceptInvitation, changeRole, inviteStaff, listInvitations, listStaff, revokeInvitation, sendInvitationMail } from './staff';
import { acceptInvitationSchema, inviteSchema, teamPatchSchema } from './staff-schemas';

/**
 * /api/desk/team/ (the owner's staff and roles) and /api/auth/invitation/ (an invitation's link). The owner's calls
 * check the role before anything is read: 401 for a visitor, 403 for a customer or the front desk, with no data.
 */

const actorOf = (session: Awaited<ReturnType<typeof requireOwner>>) => ({ userId: session.user.id, name: session.user.name });

/** GET: the staff with their roles in force, and the invitations still open. */
export async function teamHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  const db = await getDb();
  const [staff, invitations] = await Promise.all([listStaff(db), listInvitations(db)]);
  return json({ staff, invitations });
}

/** POST { email, role }: 201 with the invitation; its link is mailed after the answer (never answered). */
export async function inviteHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, inviteSchema);
  const db = await getDb();
  const { invitation, mailId } = await inviteStaff(db, actorOf(session), input);
  await afterAnswer(() => sendInvitationMail(db, mailId));
  return json({ invitation }, { status: 201 });
}

/** PATCH { userId, role } (role 'customer' removes from the staff) or { invitationId, revoke: true }. */
export async function teamPatchHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, teamPatchSchema);
  const db = await getDb();
  if ('invitationId' in input) {
    if (!(await revokeInvitation(db, actorOf(session), input.invitationId.toLowerCase()))) throw notFound('That invitation is no longer open.');
    return json({ invitationId: input.invitationId.toLowerCase(), revoked: true });
  }
  return json(await changeRole(db, actorOf(session), input));
}

/** POST { token, name? }: accepts an invitation and signs in (201); 400 for a link that is not valid. */
export async function acceptInvitationHandler(request: Request): Promise<Response> {
  const input = await parseJsonBody(request, acceptInvitationSchema);
  const db = await getDb();
  const { profile, token } = await acceptInvitation(db, input);
  const response = signedInResponse(profile, token, 201, { returnPath: '/desk/' });
  response.headers.append('set-cookie', await rememberDevice(db, request, profile.id));
  return response;
}
