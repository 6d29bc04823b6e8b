import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AccountCard } from '@/components/account/AccountCard';
import { AlreadySignedIn } from '@/components/account/AlreadySignedIn';
import { BotCheckSlot } from '@/components/account/BotCheckSlot';
import { returnPathOf, type SearchParams } from '@/components/account/return-path';
import { SignUpForm } from '@/components/account/SignUpForm';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Create an account', alternates: { canonical: '/signup/' }, robots: { index: false, follow: true } };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const returnPath = returnPathOf(query);
  return (
    <AccountCard title="Create an account" intro="One account for booking at all four of our New York salons.">
      <AlreadySignedIn returnPath={returnPath} />
      <SignUpForm
        returnPath={returnPath}
        answer={await readFormFlash('signup', query.form)}
        botCheck={
          // The widget needs scripts anyway; its slot may stream in.
          <Suspense fallback={null}>
            <BotCheckSlot />
          </Suspense>
        }
      />
    </AccountCard>
  );
}
