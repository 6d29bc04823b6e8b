import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/AccountCard';
import { ConfirmEmailForm } from '@/components/account/ConfirmEmailForm';
import type { SearchParams } from '@/components/account/return-path';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { confirmEmailSchema } from '@/lib/auth/schemas';
import { backend } from '@/lib/backend';
import { readFormFlash } from '@/lib/forms/flash';

// As the sign-up link's page: the token never leaves in a Referer, and the form's POST keeps its Origin header.
export const metadata: Metadata = { title: 'Confirm your new e-mail address', robots: { index: false, follow: false }, referrer: 'strict-origin' };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> };

/**
 * The link mailed to a new address (lib/auth/account-details.ts): a button makes it the account's address. Rendered
 * whole, without scripts too; a form posted without them comes back here with its answer.
 */
export default async function ConfirmEmailPage({ params, searchParams }: Props) {
  const [{ token: raw }, { form }] = await Promise.all([params, searchParams]);
  const answer = await readFormFlash('confirm-email', form);
  const token = confirmEmailSchema.shape.token.safeParse(raw);
  // On a front the link's state lives upstream ('' here): the button's answer says whether it was valid.
  const newEmail = !token.success ? undefined : answer ? '' : await backend().links.emailChange(token.data);
  if (newEmail === undefined) {
    return (
      <MissingRecord heading="This link has expired or has been used" links={[{ href: '/account/details/', label: 'Your details' }, { href: '/', label: 'Back to the home page' }]}>
        Each link works once, for one hour. To change your e-mail address, ask for a new link on your details page.
      </MissingRecord>
    );
  }
  return (
    <AccountCard title="Confirm your new e-mail address">
      <ConfirmEmailForm token={raw} newEmail={newEmail} answer={answer} />
    </AccountCard>
  );
}
