import { Confirmation } from '@/components/booking/Confirmation';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Your booking',
  description: 'Your booked appointments, with the time, therapist and address, and a calendar file.',
  path: '/booking/',
  noindex: true,
});

type Props = { params: Promise<{ cid: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Rendered whole on the server (the group's `instant = false`): the booking reads without scripts, and an address that
 * names none says so in place.
 */
export default function ConfirmationPage({ params, searchParams }: Props) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <Confirmation params={params} searchParams={searchParams} />
    </div>
  );
}
