import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { AccountCard } from '@/components/account/AccountCard';
import { SubscriptionResult } from '@/components/subscription/SubscriptionResult';

export const metadata: Metadata = { title: 'Receive Offers', robots: { index: false, follow: true } };

/** Where 'Receive Offers' sent without JavaScript lands: the answer, and the way back. */
export default async function SubscriptionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { result } = await searchParams;
  return (
    <AccountCard title="Receive Offers">
      <SubscriptionResult result={typeof result === 'string' ? result : undefined} />
      <p className="mt-4">
        <Link href="/" className="text-brand-700 underline">
          Back to the home page
        </Link>
      </p>
    </AccountCard>
  );
}
