import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { AccountCard } from '@/components/account/AccountCard';
import { returnPathOf, withReturn, type SearchParams } from '@/components/account/return-path';
import { signedInProfile } from '@/components/account/signed-in';
import { SignedInConfirmation } from '@/components/account/SignedInConfirmation';

export const metadata: Metadata = { title: 'Signed in', robots: { index: false, follow: false } };

/**
 * Where a sign-in or sign-up posted without scripts lands (components/forms/form-state.ts, NO_SCRIPT_FIELD). Opened
 * by someone not signed in (a bookmark, a session that ended) it says so in place: a redirect decided while the page
 * streams would reach a browser without scripts as nothing at all.
 */
export default async function SignedInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const returnPath = returnPathOf(await searchParams);
  const profile = await signedInProfile();
  if (!profile) {
    return (
      <AccountCard title="You are not signed in">
        <p>
          <Link href={withReturn('/signin/', returnPath)} className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="You are signed in">
      <SignedInConfirmation profile={profile} returnPath={returnPath} />
    </AccountCard>
  );
}
