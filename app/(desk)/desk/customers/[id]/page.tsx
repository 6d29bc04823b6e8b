import type { Metadata } from 'next';
import { CustomerDetail, NoSuchCustomer } from '@/components/desk/CustomerDetail';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { isGuid } from '@/lib/validation';

export const metadata: Metadata = { title: 'Customer · Front desk' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One customer for the desk: visits, packages, the staff note, and booking for them. */
export default async function CustomerPage({ params, searchParams }: Props) {
  const { id } = await params;
  await requireStaffPage(`/desk/customers/${encodeURIComponent(id)}/`);
  if (!isGuid(id)) return <NoSuchCustomer />;
  return <CustomerDetail id={id.replace(/[{}]/g, '').toLowerCase()} query={await searchParams} />;
}
