import Link from '@/components/ui/AppLink';
import { AccountDetails } from '@/components/account/AccountDetails';
import type { SearchParams } from '@/components/account/return-path';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Your details',
  description: 'Change your name, e-mail address or password, or close your account.',
  path: '/account/details/',
  noindex: true,
});

/** Rendered whole on the server (the group's `instant = false`), so its forms and their answers work without scripts. */
export default function AccountDetailsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8">
      <p className="mb-2 text-sm">
        <Link href="/account/" className="text-brand-700 underline">
          Your account
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold">Your details</h1>
      <AccountDetails searchParams={searchParams} />
    </div>
  );
}
