import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/AccountCard';
import { Field, FormMessage } from '@/components/account/Field';
import { acceptInvitationAction } from '@/components/desk/team-actions';
import { INVITATION_FORM } from '@/components/desk/team-forms';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { signUpTokenSchema } from '@/lib/auth/schemas';
import { backend } from '@/lib/backend';
import { SITE_NAME } from '@/lib/catalog/tables';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Join the staff', robots: { index: false, follow: false }, referrer: 'strict-origin' };
// 'strict-origin' as the sign-up link's page: the token never leaves in a Referer, and the form's POST keeps its Origin.

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const BUTTON = 'self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800';

/**
 * An owner's invitation link (lib/team/staff.ts): opening it changes nothing; the button makes the account (with the
 * name typed) or gives the role to the address's account, signs in and opens the desk. Works without scripts.
 */
export default async function InvitationPage({ params, searchParams }: Props) {
  const token = signUpTokenSchema.safeParse((await params).token);
  // The desk runs on the instance that owns the database, never through a front (docs/deploy.md): none is valid there.
  const invitation = token.success ? await backend().links.invitation(token.data) : ({ state: 'not_valid' } as const);
  if (invitation.state !== 'usable' || !token.success) {
    return (
      <AccountCard title="Join the staff">
        <p className="text-lg">This invitation has expired, been used or been withdrawn. Each link works once, for 7 days: ask the owner for a new one.</p>
      </AccountCard>
    );
  }
  const answer = await readFormFlash(INVITATION_FORM, (await searchParams).form);
  const errors = answer?.outcome === 'error' ? answer.fields : {};
  const role = ROLE_LABELS[invitation.role];
  return (
    <AccountCard title="Join the staff">
      <p className="text-lg">
        You are invited to {SITE_NAME} as {role} ({invitation.email}).
      </p>
      <form action={acceptInvitationAction} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token.data} />
        {answer?.outcome === 'error' && !errors.name ? <FormMessage message={answer.message} /> : null}
        {invitation.account ? (
          <p>
            You have an account with this address, {invitation.account.name}: accepting gives it the {role.toLowerCase()} role and signs you in.
          </p>
        ) : (
          <>
            <Field name="name" label="Your name" autoComplete="name" maxLength={100} defaultValue={answer?.values.name} error={errors.name} required />
            <p className="text-sm text-gray-700">Later you sign in with a code mailed to this address, or with a password you choose in your account&rsquo;s details.</p>
          </>
        )}
        <button type="submit" className={BUTTON}>
          {invitation.account ? 'Accept and sign in' : 'Accept and create my account'}
        </button>
      </form>
    </AccountCard>
  );
}
