import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/AccountCard';
import { ResetEmailForm } from '@/components/account/ResetEmailForm';

export const metadata: Metadata = { title: 'Reset your password', robots: { index: false, follow: true } };

export default function ResetEmailPage() {
  return (
    <AccountCard title="Reset your password" intro="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      <ResetEmailForm />
    </AccountCard>
  );
}
