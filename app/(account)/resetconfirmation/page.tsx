import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { AccountCard } from '@/components/account/AccountCard';

export const metadata: Metadata = { title: 'Check your e-mail', robots: { index: false, follow: true } };

export default function ResetConfirmationPage() {
  return (
    <AccountCard title="Check your e-mail">
      <p className="text-lg">
        If an account exists for that address, we have sent it a link to reset the password. The link works once, for
        one hour. Nothing arrived? Look in your spam folder, or{' '}
        <Link href="/resetemail/" className="text-brand-700 underline">
          ask for a new link
        </Link>
        .
      </p>
    </AccountCard>
  );
}
