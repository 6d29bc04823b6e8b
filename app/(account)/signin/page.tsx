import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { AccountCard } from '@/components/account/AccountCard';
import { AlreadySignedIn } from '@/components/account/AlreadySignedIn';
import { CodeSignInForm } from '@/components/account/CodeSignInForm';
import { CODE_FORM, codePagePath } from '@/components/account/code-form';
import { returnPathOf, type SearchParams } from '@/components/account/return-path';
import { PasskeyChoice } from '@/components/account/PasskeySignInButton';
import { SignInForm } from '@/components/account/SignInForm';
import { codeSentState } from '@/lib/auth/code-recipient';
import { readFormFlash } from '@/lib/forms/flash';

// Not a page to find by search: every page's Sign in link gives it its own ?url= address.
export const metadata: Metadata = { title: 'Sign in', alternates: { canonical: '/signin/' }, robots: { index: false, follow: true } };

/** The password form, or with ?method=code the sign-in by e-mail code (CodeSignInForm); each links to the other. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const returnPath = returnPathOf(query);
  if (query.method === 'code') {
    return (
      <AccountCard title="Sign in" intro="Sign in or create your account with a code we e-mail you: no password needed.">
        <AlreadySignedIn returnPath={returnPath} />
        <PasskeyChoice returnPath={returnPath} />
        <CodeSignInForm returnPath={returnPath} answer={(await readFormFlash(CODE_FORM, query.form)) ?? (await codeSentState())} />
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Sign in" intro="Sign in to book appointments, see your bookings and buy packages.">
      <AlreadySignedIn returnPath={returnPath} />
      <PasskeyChoice returnPath={returnPath} />
      <SignInForm returnPath={returnPath} passwordChanged={query.reset === 'done'} answer={await readFormFlash('signin', query.form)} />
      <p className="mt-4 text-sm">
        <Link href={codePagePath(returnPath)} className="text-brand-700 underline">
          No password? Sign in with a code by e-mail
        </Link>
      </p>
    </AccountCard>
  );
}
