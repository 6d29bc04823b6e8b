import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AccountCard } from '@/components/account/AccountCard';
import { BotCheckSlot } from '@/components/account/BotCheckSlot';
import { SignUpForm } from '@/components/account/SignUpForm';

export const metadata: Metadata = { title: 'Create an account', alternates: { canonical: '/signup/' } };

export default function SignUpPage() {
  return (
    <AccountCard title="Create an account" intro="One account for booking at all four of our New York salons.">
      <SignUpForm
        botCheck={
          <Suspense fallback={null}>
            <BotCheckSlot />
          </Suspense>
        }
      />
    </AccountCard>
  );
}
