'use server';

import { redirect, RedirectType } from 'next/navigation';
import { ROLE_LABELS, type UserRole } from '@/lib/auth/roles';
import { allServiceItems } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import { callHandler, errorOf, formText, type HandlerAnswer } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { expandChoice, type WorkChoice } from '@/lib/team/service-tree';
import { encodeServiceBits } from '@/lib/team/service-bits';
import { acceptInvitationHandler, inviteHandler, teamPatchHandler } from '@/lib/team/staff-handlers';
import { changeTherapistHandler, createTherapistHandler, retireTherapistHandler } from '@/lib/team/therapist-handlers';
import { INVITATION_FORM, TEAM_FORM, THERAPIST_FORM, therapistPagePath } from './team-forms';
import { isTherapistIdText } from '@/lib/team/therapist-id';

/**
 * The team pages' forms (/desk/team/, a therapist's page, an invitation's link). Each calls the JSON API's own handler
 * with the visitor's cookie (lib/forms/call-handler.ts), so a form meets the owner check, the validation and the
 * answers of the API, with or without the page's scripts; the answer comes back over a redirect (303), an error's
 * messages and the values typed through the flash cookie (lib/forms/flash.ts).
 */

async function back(form: string, path: string, state: { outcome: 'ok' | 'error'; message: string; fields?: Record<string, string>; values?: Record<string, string> }): Promise<never> {
  redirect(await flashFormState(form, { fields: {}, values: {}, ...state }, path), RedirectType.push);
}

async function failed(form: string, path: string, reply: HandlerAnswer, values: Record<string, string> = {}): Promise<never> {
  const { code, message, fields } = errorOf(reply);
  redirect(await flashFormState(form, { outcome: 'error', code, message, fields, values }, path), RedirectType.push);
}

const TEAM_PAGE = '/desk/team/';

export async function inviteAction(data: FormData): Promise<void> {
  const values = { email: formText(data, 'email').slice(0, 254), role: formText(data, 'role') };
  const reply = await callHandler(inviteHandler, '/api/desk/team/', values);
  if (!reply.ok) return failed(TEAM_FORM, `${TEAM_PAGE}#invite-heading`, reply, values);
  const email = (reply.body as { invitation?: { email?: string } }).invitation?.email ?? values.email;
  return back(TEAM_FORM, `${TEAM_PAGE}#invitations-heading`, { outcome: 'ok', message: `Invitation sent to ${email}. The link works for 7 days.` });
}

export async function changeRoleAction(data: FormData): Promise<void> {
  const reply = await callHandler(teamPatchHandler, '/api/desk/team/', { userId: formText(data, 'userId'), role: formText(data, 'role') });
  if (!reply.ok) return failed(TEAM_FORM, `${TEAM_PAGE}#staff-heading`, reply);
  const { name, after, changed } = reply.body as { name: string; after: UserRole; changed: boolean };
  const message = !changed ? `${name} is ${ROLE_LABELS[after]} already.` : after === 'customer' ? `${name} is no longer on the staff.` : `${name} is now ${ROLE_LABELS[after]}.`;
  return back(TEAM_FORM, `${TEAM_PAGE}#staff-heading`, { outcome: 'ok', message });
}

export async function withdrawInvitationAction(data: FormData): Promise<void> {
  const reply = await callHandler(teamPatchHandler, '/api/desk/team/', { invitationId: formText(data, 'invitationId'), revoke: true });
  if (!reply.ok) return failed(TEAM_FORM, `${TEAM_PAGE}#invitations-heading`, reply);
  return back(TEAM_FORM, `${TEAM_PAGE}#invitations-heading`, { outcome: 'ok', message: 'Invitation withdrawn: its link no longer works.' });
}

/** What the form asks a therapist to do at each location: ticked services, whole areas and whole tabs. */
function workOf(data: FormData): (WorkChoice & { location: string })[] {
  const all = (name: string) => data.getAll(name).filter((value): value is string => typeof value === 'string');
  return LOCATIONS.flatMap((location) => {
    const choice = { location: location.slug, serviceIds: all(`service:${location.slug}`), areaIds: all(`area:${location.slug}`).map(Number), tabs: all(`tab:${location.slug}`) };
    return choice.serviceIds.length + choice.areaIds.length + choice.tabs.length > 0 ? [choice] : [];
  });
}

export async function saveTherapistAction(data: FormData): Promise<void> {
  const id = formText(data, 'id');
  const work = workOf(data);
  const body = { name: formText(data, 'name'), bio: formText(data, 'bio'), work, ...(data.has('photoId') ? { photoId: formText(data, 'photoId') || null } : {}) };
  const reply = isTherapistIdText(id)
    ? await callHandler((request) => changeTherapistHandler(request, { id }), `/api/desk/therapists/${id}/`, { ...body, updatedAt: formText(data, 'updatedAt') })
    : await callHandler(createTherapistHandler, '/api/desk/therapists/', body);
  if (!reply.ok) {
    // The ticks come back as one short string per location (lib/team/service-bits.ts), the rest as typed.
    const order = allServiceItems().map((item) => item.id);
    // The copy's stamp is kept with what was typed: after a refusal, saving that again must not pass.
    const values: Record<string, string> = { name: body.name.slice(0, 200), bio: body.bio.slice(0, 500), updatedAt: formText(data, 'updatedAt').slice(0, 40) };
    for (const choice of work) values[`bits:${choice.location}`] = encodeServiceBits(order, expandChoice(allServiceItems(), choice));
    const { code, message, fields } = errorOf(reply);
    const shown: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields)) shown[field.startsWith('work') ? 'work' : field] ??= text;
    redirect(await flashFormState(THERAPIST_FORM, { outcome: 'error', code, message, fields: shown, values }, therapistPagePath(id)), RedirectType.push);
  }
  const answer = reply.body as { therapist: { name: string }; removedShifts?: string[] };
  const removed = answer.removedShifts?.length ? ` Taken off the rosters: ${answer.removedShifts.join('; ')}.` : '';
  return back(TEAM_FORM, `${TEAM_PAGE}#therapists-heading`, { outcome: 'ok', message: `${answer.therapist.name} is saved.${removed}` });
}

/**
 * Retires on the question's 'Yes, retire' only (`confirmed`): a post without it, from an older page or a second tab,
 * is shown the question instead.
 */
export async function retireTherapistAction(data: FormData): Promise<void> {
  const id = formText(data, 'id');
  if (!isTherapistIdText(id)) redirect(TEAM_PAGE, RedirectType.push);
  if (formText(data, 'confirmed') !== '1') redirect(`${therapistPagePath(id)}?retire=1#retire-heading`, RedirectType.push);
  const reply = await callHandler((request) => retireTherapistHandler(request, { id }), `/api/desk/therapists/${id}/`, {});
  if (reply.status === 409 && errorOf(reply).code === 'visits_to_come') {
    return failed(THERAPIST_FORM, `${therapistPagePath(id)}?retire=refused#retire-heading`, reply);
  }
  if (!reply.ok) return failed(THERAPIST_FORM, `${therapistPagePath(id)}#retire-heading`, reply);
  const name = (reply.body as { therapist: { name: string } }).therapist.name;
  return back(TEAM_FORM, `${TEAM_PAGE}#therapists-heading`, { outcome: 'ok', message: `${name} is retired: kept on past visits, gone from the rosters and the times offered.` });
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** An invitation's button: accepts and signs in, then opens the desk. */
export async function acceptInvitationAction(data: FormData): Promise<void> {
  const token = formText(data, 'token');
  const name = formText(data, 'name');
  const reply = await callHandler(acceptInvitationHandler, '/api/auth/invitation/', { token, name });
  if (!reply.ok) return failed(INVITATION_FORM, TOKEN.test(token) ? `/invitation/${token}/` : '/', reply, { name: name.slice(0, 100) });
  redirect('/desk/', RedirectType.push);
}
