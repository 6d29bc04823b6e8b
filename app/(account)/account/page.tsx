import { Suspense } from 'react';
import Link from '@/components/ui/AppLink';
import { AccountCredit } from '@/components/account/AccountCredit';
import { AppointmentsList } from '@/components/account/AppointmentsList';
import { Passkeys } from '@/components/account/Passkeys';
import { SignOutForm } from '@/components/account/SignOutForm';
import { WaitlistEntries } from '@/components/account/WaitlistEntries';
import { OwnedPackages } from '@/components/shop/OwnedPackages';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { NoScriptNotice } from '@/components/ui/NoScriptNotice';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Your account',
  description: 'Your upcoming and past appointments: reschedule or cancel up to 24 hours before.',
  path: '/account/',
  noindex: true,
});

export default function AccountPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Your account</h1>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link href="/account/details/" className="font-semibold text-brand-700 underline">
          Your details: name, e-mail, password, closing the account
        </Link>
        <SignOutForm />
      </div>
      <NoScriptNotice what="Your account page" task="check, change or cancel an appointment" />
      <Suspense fallback={<LoadingStatus>Loading your appointments…</LoadingStatus>}>
        <AppointmentsList />
      </Suspense>
      <div className="mt-8">
        <Suspense fallback={<LoadingStatus>Loading your waitlist…</LoadingStatus>}>
          <WaitlistEntries />
        </Suspense>
      </div>
      <div className="mt-8">
        <Suspense fallback={null}>
          <OwnedPackages />
        </Suspense>
      </div>
      <div className="mt-8">
        <Suspense fallback={null}>
          <AccountCredit />
        </Suspense>
      </div>
      <div className="mt-8">
        <Passkeys />
      </div>
    </div>
  );
}
