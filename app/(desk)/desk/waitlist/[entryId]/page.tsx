import type { Metadata } from 'next';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { WaitlistBooking } from '@/components/desk/WaitlistBooking';
import { deskWaitlistPath, WAITLIST_BOOK_FORM } from '@/components/desk/waitlist-paths';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { canBookAsIs, deskWaitlistEntry, freeTimesFor } from '@/lib/desk/waitlist-desk';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Book from the waitlist · Front desk' };

type Props = { params: Promise<{ entryId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The free times for one waitlist entry's services on its day, to book one. */
export default async function WaitlistEntryPage({ params, searchParams }: Props) {
  const { entryId } = await params;
  await requireStaffPage(`/desk/waitlist/${encodeURIComponent(entryId)}/`);
  const query = await searchParams;
  const db = await getDb();
  const entry = UUID.test(entryId) ? await deskWaitlistEntry(db, entryId.toLowerCase()) : undefined;
  if (!entry || !canBookAsIs(entry)) {
    return (
      <MissingRecord heading="Not on the waitlist" links={[{ href: deskWaitlistPath(first(query.location), first(query.date)), label: 'Back to the waitlist' }, { href: '/desk/', label: 'Back to today' }]}>
        This entry is not on the waitlist any more (booked or removed), or it names no services to book.
      </MissingRecord>
    );
  }
  const [times, answer] = await Promise.all([freeTimesFor(db, entry), readFormFlash(WAITLIST_BOOK_FORM, query.form)]);
  return <WaitlistBooking entry={entry} times={times} list={deskWaitlistPath(String(entry.location), entry.date)} answer={answer} />;
}
