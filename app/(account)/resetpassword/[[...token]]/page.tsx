import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { AccountCard } from '@/components/account/AccountCard';
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm';
import { isResetTokenUsable } from '@/lib/auth/accounts';
import { resetTokenSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ token?: string[] }> };

async function ResetGate({ params }: Props) {
  const { token: segments = [] } = await params;
  if (segments.length === 0) {
    return (
      <p className="text-lg">
        Open the link from the e-mail we sent you, or{' '}
        <Link href="/resetemail/" className="text-brand-700 underline">
          ask for a reset link
        </Link>
        .
      </p>
    );
  }
  const token = resetTokenSchema.safeParse(segments.length === 1 ? segments[0] : '');
  if (!token.success || !(await isResetTokenUsable(await getDb(), token.data))) redirect('/resetnotvalid/');
  return <ResetPasswordForm token={token.data} />;
}

export default function ResetPasswordPage({ params }: Props) {
  return (
    <AccountCard title="Choose a new password">
      <Suspense fallback={<p>Checking your link…</p>}>
        <ResetGate params={params} />
      </Suspense>
    </AccountCard>
  );
}
