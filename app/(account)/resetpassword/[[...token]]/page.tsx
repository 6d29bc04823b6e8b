import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { AccountCard } from '@/components/account/AccountCard';
import { ResetLinkNotValid } from '@/components/account/ResetLinkNotValid';
import type { SearchParams } from '@/components/account/return-path';
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm';
import { resetTokenSchema } from '@/lib/auth/schemas';
import { backend } from '@/lib/backend';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false, follow: false }, referrer: 'strict-origin' };
// 'strict-origin', not 'no-referrer': the link's token never leaves in a Referer (only the origin does), and the
// form's POST keeps its Origin header (with 'no-referrer' the browser sends Origin: null, which is refused).

type Props = { params: Promise<{ token?: string[] }>; searchParams: Promise<SearchParams> };

/**
 * No Suspense boundary around the form: content streamed into one is shown by a script, and this page must work
 * without scripts (the whole page is rendered per request anyway: the account layout reads the cookies).
 */
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { token: segments = [] } = await params;
  if (segments.length === 0) {
    return (
      <AccountCard title="Choose a new password">
        <p className="text-lg">
          Open the link from the e-mail we sent you, or{' '}
          <Link href="/resetemail/" className="text-brand-700 underline">
            ask for a reset link
          </Link>
          .
        </p>
      </AccountCard>
    );
  }
  const token = resetTokenSchema.safeParse(segments.length === 1 ? segments[0] : '');
  // Said here rather than by a redirect: the page is streamed, and a redirect during streaming needs scripts. On a
  // front the tokens live upstream, which has no call to check one: its answer to the form says whether it was valid.
  if (!token.success || !(await backend().links.resetUsable(token.data))) return <ResetLinkNotValid />;
  const answer = await readFormFlash('reset-password', (await searchParams).form);
  return (
    <AccountCard title="Choose a new password">
      <ResetPasswordForm token={token.data} answer={answer} />
    </AccountCard>
  );
}
