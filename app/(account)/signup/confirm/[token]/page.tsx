import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { AccountCard } from '@/components/account/AccountCard';
import { FinishSignUpForm } from '@/components/account/FinishSignUpForm';
import { withReturn, type SearchParams } from '@/components/account/return-path';
import { signUpTokenSchema } from '@/lib/auth/schemas';
import { backend } from '@/lib/backend';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Finish creating your account', robots: { index: false, follow: false }, referrer: 'strict-origin' };
// 'strict-origin', not 'no-referrer': the link's token never leaves in a Referer (only the origin does), and the
// form's POST keeps its Origin header (with 'no-referrer' the browser sends Origin: null, which is refused).

type Props = { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> };

const BUTTON = 'self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800';

/**
 * The mailed sign-up link: finish the sign-up (a button: opening the link changes nothing), or say that the account
 * exists already, or that the link has expired. No Suspense boundary around the form: content streamed into one is
 * shown by a script, and this page must work without scripts.
 */
export default async function FinishSignUpPage({ params, searchParams }: Props) {
  const token = signUpTokenSchema.safeParse((await params).token);
  // On a front pending sign-ups live upstream, which has no call to read one: its answer to the button says
  // whether the link was valid or the account exists (the form shows either), and where to go next.
  const link = !token.success ? ({ state: 'not_valid' } as const) : await backend().links.signUp(token.data);
  let body;
  if (link.state === 'account_exists') {
    body = (
      <>
        <p className="text-lg">An account with this e-mail address exists already. Please sign in.</p>
        <Link href={withReturn('/signin/', link.returnPath)} className={BUTTON}>
          Sign in
        </Link>
      </>
    );
  } else if (link.state === 'not_valid' || !token.success) {
    body = (
      <>
        <p className="text-lg">This link has expired or has been used already. Each link works once, for one hour.</p>
        <Link href="/signup/" className={BUTTON}>
          Sign up again
        </Link>
      </>
    );
  } else {
    const answer = await readFormFlash('finish-signup', (await searchParams).form);
    body = (
      <>
        <p className="text-lg">{link.name ? `Welcome, ${link.name}! ` : 'Welcome! '}One more step: press the button to create your account and sign in.</p>
        <FinishSignUpForm token={token.data} returnPath={link.returnPath} answer={answer} />
      </>
    );
  }
  return <AccountCard title="Finish creating your account">{body}</AccountCard>;
}
