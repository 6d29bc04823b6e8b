import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { notFound } from 'next/navigation';
import { AccountCard } from '@/components/account/AccountCard';
import { unsubscribeAction } from '@/components/subscription/unsubscribe-action';
import { backend } from '@/lib/backend';
import { getDb } from '@/lib/db';
import { maskEmail, subscriptionByToken } from '@/lib/marketing/subscriptions';

export const metadata: Metadata = { title: 'Unsubscribe from offers', robots: { index: false, follow: false } };

const homeLink = (
  <Link href="/" className="self-start text-brand-700 underline">
    Back to the home page
  </Link>
);

/**
 * Where the unsubscribe link of an offers mail lands. Opening it changes nothing (mail scanners open links); the
 * button does, without signing in and without scripts. The one-click POST of mail programs goes to the API.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Offers mail and its links belong to the embedded backend; an upstream salon API sends its own.
  if (!backend().can.mail) notFound();
  const { token, result } = await searchParams;
  if (result === 'done') {
    return (
      <AccountCard title="You are unsubscribed">
        <p className="text-lg">We will not send you offers any more. Mail about your appointments still reaches you.</p>
        {homeLink}
      </AccountCard>
    );
  }
  const subscription = result === 'invalid' ? undefined : await subscriptionByToken(await getDb(), token);
  if (!subscription) {
    return (
      <AccountCard title="This link is not valid">
        <p className="text-lg">This unsubscribe link is not complete, or it was used already: the address is no longer subscribed.</p>
        {homeLink}
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Unsubscribe from offers">
      <p className="text-lg">Stop sending offers to {maskEmail(subscription.email)}?</p>
      <form action={unsubscribeAction} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={String(token)} />
        <button type="submit" className="min-h-11 self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Unsubscribe
        </button>
      </form>
      {homeLink}
    </AccountCard>
  );
}
