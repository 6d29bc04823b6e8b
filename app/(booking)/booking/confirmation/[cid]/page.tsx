import { Suspense } from 'react';
import { Confirmation } from '@/components/booking/Confirmation';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { NoScriptNotice } from '@/components/ui/NoScriptNotice';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Booking confirmed',
  description: 'Your booked appointments, with the time, therapist and address, and a calendar file.',
  path: '/booking/',
  noindex: true,
});

type Props = { params: Promise<{ cid: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default function ConfirmationPage({ params, searchParams }: Props) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Booking confirmed</h1>
      <NoScriptNotice what="Showing your booking" task="check your appointments" />
      <Suspense fallback={<LoadingStatus>Loading your booking…</LoadingStatus>}>
        <Confirmation params={params} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
