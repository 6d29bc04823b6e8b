import Link from '@/components/ui/AppLink';
import { AccountCard } from './AccountCard';

/** A reset link that has expired or was used: /resetnotvalid/, and the reset page itself for such a link. */
export function ResetLinkNotValid() {
  return (
    <AccountCard title="This link is not valid">
      <p className="text-lg">This password reset link has expired or has been used already. Each link works once, for one hour.</p>
      <Link href="/resetemail/" className="self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
        Ask for a new link
      </Link>
    </AccountCard>
  );
}
