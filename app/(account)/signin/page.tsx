import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/AccountCard';
import { SignInForm } from '@/components/account/SignInForm';

export const metadata: Metadata = { title: 'Sign in', alternates: { canonical: '/signin/' } };

export default function SignInPage() {
  return (
    <AccountCard title="Sign in" intro="Sign in to book appointments, see your bookings and buy packages.">
      <SignInForm />
    </AccountCard>
  );
}
