import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/AccountCard';
import { ResetEmailForm } from '@/components/account/ResetEmailForm';
import type { SearchParams } from '@/components/account/return-path';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Reset your password', robots: { index: false, follow: true } };

export default async function ResetEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const answer = await readFormFlash('reset-email', (await searchParams).form);
  return (
    <AccountCard title="Reset your password" intro="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      <ResetEmailForm answer={answer} />
    </AccountCard>
  );
}
