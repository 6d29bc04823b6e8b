import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import Link from '@/components/ui/AppLink';
import { accountDetailsOf, RECENT_SIGN_IN_MINUTES } from '@/lib/auth/account-details';
import { backend } from '@/lib/backend';
import { ACCOUNT_EXPORT_FILE } from '@/lib/auth/handlers';
import { currentUser } from '@/lib/auth/current-user';
import { readFormFlash } from '@/lib/forms/flash';
import { SalonPhoneLink } from '@/components/ui/SalonPhoneLink';
import { DETAILS_PAGE } from './account-state';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangeNameForm } from './ChangeNameForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { CloseAccountForm } from './CloseAccountForm';
import type { SearchParams } from './return-path';


function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-brand-100 p-4 sm:p-6">
      <h2 id={id} className="scroll-mt-18 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The signed-in customer's details: the name, the e-mail address (changed by a link mailed to the new one), the
 * password, and closing the account (lib/auth/account-details.ts). Each form works without scripts: its answer comes back here (flash).
 * With an upstream salon API (proxy mode) these are the salon's to change: the page says whom to call.
 */
export async function AccountDetails({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if (!backend().can.accountDetails) {
    return <p>To change your name, e-mail address or password, or to close your account, call us at <SalonPhoneLink />.</p>;
  }
  const user = await currentUser();
  if (!user) redirect(`/signin/?url=${encodeURIComponent(DETAILS_PAGE)}`);
  const key = (await searchParams).form;
  const [details, nameAnswer, emailAnswer, passwordAnswer, closeAnswer] = await Promise.all([
    accountDetailsOf(user.id),
    readFormFlash('account-name', key),
    readFormFlash('account-email', key),
    readFormFlash('account-password', key),
    readFormFlash('account-close', key),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <Section id="name-heading" title="Your name">
        <ChangeNameForm name={details.name} answer={nameAnswer} />
      </Section>
      <Section id="email-heading" title="E-mail address">
        <p className="font-semibold [overflow-wrap:anywhere]">{details.email}</p>
        <p className="text-sm text-gray-700">We send your bookings and sign-in links here. A new address takes effect once you open the link we send to it.</p>
        <ChangeEmailForm hasPassword={details.hasPassword} answer={emailAnswer} />
      </Section>
      <Section id="password-heading" title="Password">
        {details.hasPassword ? (
          <p className="text-sm text-gray-700">Every other device signed in to your account is signed out when the password changes.</p>
        ) : (
          <p className="text-sm text-gray-700">
            You sign in with a code we e-mail you. Choose a password to sign in with it as well. Without a password,
            choosing one, a new address and closing the account need a sign-in in the last {RECENT_SIGN_IN_MINUTES}{' '}
            minutes.
          </p>
        )}
        <ChangePasswordForm hasPassword={details.hasPassword} answer={passwordAnswer} />
      </Section>
      <Section id="data-heading" title="Your data">
        <p>A copy of everything we keep about you: your details, appointments, packages, waitlist and offers subscription.</p>
        <p>
          <a href="/api/account/export/" download={ACCOUNT_EXPORT_FILE} className="font-semibold text-brand-700 underline">
            Download your data
          </a>{' '}
          <span className="text-sm text-gray-700">(a JSON file)</span>
        </p>
      </Section>
      <Section id="close-heading" title="Close your account">
        <p>
          Closing your account erases your name, e-mail address, phone number and password, signs you out everywhere, and
          stops our offers e-mails. Unused package sessions are lost. The salon keeps the record of past visits and
          purchases, without your name.
        </p>
        <p>
          If you have an upcoming appointment, cancel it first on{' '}
          <Link href="/account/" className="font-semibold text-brand-700 underline">
            your account page
          </Link>
          .
        </p>
        <CloseAccountForm hasPassword={details.hasPassword} answer={closeAnswer} />
      </Section>
    </div>
  );
}
