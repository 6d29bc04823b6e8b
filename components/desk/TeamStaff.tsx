import { Field } from '@/components/account/Field';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { formatLongDate } from '@/lib/booking/schedule';
import { utcMsToLocal } from '@/lib/booking/dates';
import type { OpenInvitation, StaffMember } from '@/lib/team/staff';
import { DeskButton, SelectField } from './ScheduleParts';
import { changeRoleAction, inviteAction, withdrawInvitationAction } from './team-actions';

const ROLE_OPTIONS = [
  { value: 'staff', label: ROLE_LABELS.staff },
  { value: 'owner', label: ROLE_LABELS.owner },
];

const dayOf = (iso: string) => formatLongDate(utcMsToLocal(Date.parse(iso)).slice(0, 10));

/**
 * The owner's staff list (/desk/team/): each account with its role, a change of role and a removal (back to
 * customer); an address whose role comes from OWNER_EMAILS or STAFF_EMAILS says so instead. Then the invitation form
 * and the invitations still open. Plain forms: they work without scripts.
 */
export function TeamStaff({
  staff,
  invitations,
  me,
  errors,
  values,
}: {
  staff: readonly StaffMember[];
  invitations: readonly OpenInvitation[];
  me: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  return (
    <section aria-labelledby="staff-heading" className="mt-6 flex flex-col gap-4">
      <h2 id="staff-heading" className="scroll-mt-20 text-xl font-bold">
        Staff and roles
      </h2>
      <p className="text-stone-700">
        The front desk runs the day: visits, customers, time off, closures and rosters. An owner has all of that, and also the menu, the team, hours,
        promotions and this list.
      </p>
      <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
        {staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-end justify-between gap-3 p-3">
            <div className="min-w-0 break-words">
              <p>
                <strong>{member.name}</strong>
                {member.id === me ? ' (you)' : ''}: {ROLE_LABELS[member.role]}
              </p>
              <p className="text-sm text-stone-700">{member.email}</p>
              {member.setting ? (
                <p className="text-sm text-stone-700">
                  {ROLE_LABELS[member.role]} by the server&rsquo;s {member.setting} setting: change that setting to change this role.
                </p>
              ) : null}
            </div>
            {member.setting ? null : (
              <div className="flex flex-wrap items-end gap-2">
                <form action={changeRoleAction} className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="userId" value={member.id} />
                  <label htmlFor={`role-${member.id}`} className="sr-only">
                    Role of {member.name}
                  </label>
                  <select id={`role-${member.id}`} name="role" defaultValue={member.role} className="rounded border border-gray-500 bg-white px-3 py-1.5">
                    {ROLE_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  <DeskButton variant="secondary" label={`Change the role of ${member.name}`}>
                    Change role
                  </DeskButton>
                </form>
                <form action={changeRoleAction}>
                  <input type="hidden" name="userId" value={member.id} />
                  <input type="hidden" name="role" value="customer" />
                  <DeskButton variant="secondary" pendingText="Removing…" label={`Remove ${member.name} from the staff`}>
                    Remove
                  </DeskButton>
                </form>
              </div>
            )}
          </li>
        ))}
      </ul>

      <form action={inviteAction} noValidate aria-labelledby="invite-heading" className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
        <h3 id="invite-heading" className="scroll-mt-20 font-semibold">
          Invite someone to the staff
        </h3>
        <p className="text-sm text-stone-700">They get a link by e-mail, valid for 7 days: it makes their account, or gives the role to the account they have.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="invite-email" name="email" label="E-mail address" type="email" autoComplete="off" maxLength={254} defaultValue={values.email} error={errors.email} required />
          <SelectField id="invite-role" name="role" label="Role" options={ROLE_OPTIONS} defaultValue={values.role ?? 'staff'} error={errors.role} />
        </div>
        <div>
          <DeskButton>Send invitation</DeskButton>
        </div>
      </form>

      <section aria-labelledby="invitations-heading">
        <h3 id="invitations-heading" className="scroll-mt-20 font-semibold">
          Open invitations
        </h3>
        {invitations.length === 0 ? (
          <p className="mt-1 text-stone-700">None.</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="min-w-0 break-words">
                  <strong>{invitation.email}</strong> as {ROLE_LABELS[invitation.role]}
                  <span className="block text-sm text-stone-700">
                    {invitation.invitedBy ? `Sent by ${invitation.invitedBy}; ` : ''}the link works until {dayOf(invitation.expiresAt)}
                  </span>
                </span>
                <form action={withdrawInvitationAction}>
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <DeskButton variant="secondary" label={`Withdraw the invitation of ${invitation.email}`}>
                    Withdraw
                  </DeskButton>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
