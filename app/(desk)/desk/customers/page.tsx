import type { Metadata } from 'next';
import { CustomerSearch } from '@/components/desk/CustomerSearch';
import { searchFromQuery } from '@/lib/desk/customer-search-page';
import { NewCustomerForm } from '@/components/desk/NewCustomerForm';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { NEW_CUSTOMER_FORM } from '@/lib/desk/customer-schemas';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Customers · Front desk' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Find a customer by part of a name, an address or a phone number; or create one. */
export default async function CustomersPage({ searchParams }: Props) {
  await requireStaffPage('/desk/customers/');
  const params = await searchParams;
  const [search, answer] = await Promise.all([searchFromQuery(params.q), readFormFlash(NEW_CUSTOMER_FORM, params.form)]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6">
      <h1 className="text-2xl font-bold">Customers</h1>
      <CustomerSearch action="/desk/customers/" mode="customer" slotQuery="" query={search.query} results={search.results} more={search.more} problem={search.problem} />
      <NewCustomerForm mode="customer" slotQuery="" answer={answer} />
    </div>
  );
}
