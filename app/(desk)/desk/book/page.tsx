import type { Metadata } from 'next';
import { CustomerSearch } from '@/components/desk/CustomerSearch';
import { searchFromQuery } from '@/lib/desk/customer-search-page';
import { NewCustomerForm } from '@/components/desk/NewCustomerForm';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { formatDeskSlot } from '@/lib/desk/book-slot-text';
import { deskBookPath, deskSlotParams, parseDeskSlot, withoutPassedTime } from '@/lib/desk/book-slot';
import { NEW_CUSTOMER_FORM } from '@/lib/desk/customer-schemas';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Book for a customer · Front desk' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Book for a customer: pick them by search or create them, then the booking page in back-office mode opens with the
 * slot of the address (location, date, time, therapist) chosen.
 */
export default async function DeskBookPage({ searchParams }: Props) {
  const params = await searchParams;
  const asked = parseDeskSlot(params);
  await requireStaffPage(deskBookPath(asked));
  // Rendered per request: "now" is the request's.
  const { slot, passed } = withoutPassedTime(asked);
  const slotQuery = deskSlotParams(slot).toString();
  const [search, answer] = await Promise.all([searchFromQuery(params.q), readFormFlash(NEW_CUSTOMER_FORM, params.form)]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold">Book for a customer</h1>
        {passed ? (
          <p role="status" className="mt-2 rounded border border-amber-700 bg-amber-50 p-3 font-semibold text-stone-900">
            That time has passed ({formatDeskSlot(asked)}). Choose a time on the booking page, or pick one in the day view.
          </p>
        ) : null}
        <p className="mt-1 text-stone-800">{formatDeskSlot(slot)}</p>
      </div>
      <section aria-labelledby="find-heading" className="flex flex-col gap-3">
        <h2 id="find-heading" className="text-xl font-semibold">
          Find the customer
        </h2>
        <CustomerSearch action="/desk/book/" mode="book" slotQuery={slotQuery} query={search.query} results={search.results} more={search.more} problem={search.problem} />
      </section>
      <NewCustomerForm mode="book" slotQuery={slotQuery} answer={answer} />
    </div>
  );
}
