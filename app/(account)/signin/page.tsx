import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/AccountCard';
import { returnPathOf, type SearchParams } from '@/components/account/return-path';
import { SignInForm } from '@/components/account/SignInForm';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Sign in', alternates: { canonical: '/signin/' } };

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  return (
    <AccountCard title="Sign in" intro="Sign in to book appointments, see your bookings and buy packages.">
      <SignInForm returnPath={returnPathOf(query)} passwordChanged={query.reset === 'done'} answer={await readFormFlash('signin', query.form)} />
    </AccountCard>
  );
}
