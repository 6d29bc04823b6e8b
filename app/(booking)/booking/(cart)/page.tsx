import { Suspense } from 'react';
import { BookingLoader, BookingRegion, BookingSkeleton } from '@/components/booking/BookingLoader';
import { BookingNoScriptNotice } from '@/components/ui/NoScriptNotice';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Online booking',
  description: 'Choose your therapist, day and time for the services in your booking cart, and book online.',
  path: '/booking/',
  noindex: true,
});

type Props = { params: Promise<{ custid?: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /booking/ and /booking/{custid}/ (the link that books for one customer); any deeper path is the 404 document. */
export default function BookingPage({ params, searchParams }: Props) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Online booking</h1>
      <BookingNoScriptNotice />
      <BookingRegion>
        <Suspense fallback={<BookingSkeleton />}>
          <BookingLoader params={params} searchParams={searchParams} />
        </Suspense>
      </BookingRegion>
    </div>
  );
}
