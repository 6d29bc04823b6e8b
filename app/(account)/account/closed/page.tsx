import { AccountCard } from '@/components/account/AccountCard';
import { ACCOUNT_CLOSED_HEADING } from '@/components/account/account-state';
import { HomeAndServicesLinks } from '@/components/layout/HomeAndServicesLinks';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Your account is closed',
  description: 'Your account is closed and your details are erased.',
  path: '/account/closed/',
  noindex: true,
});

export default function AccountClosedPage() {
  return (
    <AccountCard title="Your account is closed" headingId={ACCOUNT_CLOSED_HEADING}>
      <p className="text-lg">
        Your name, e-mail address, phone number and password are erased, and you are signed out everywhere. We have sent a
        last e-mail to confirm it. You are welcome back any time.
      </p>
      <HomeAndServicesLinks className="flex flex-wrap gap-3" />
    </AccountCard>
  );
}
