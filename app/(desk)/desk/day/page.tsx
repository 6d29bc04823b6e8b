import { redirect } from 'next/navigation';
import { NoSuchDay } from '@/components/desk/DeskDayScreen';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { dayFormTarget } from '@/lib/desk/day-form';

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The day view's date form lands here. The middleware sends it on to the day's address (or the bare address to today's
 * view) before this page streams; what is left is a location or a date that names none.
 */
export default async function DeskDayFormPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) if (typeof value === 'string') query.set(name, value);
  const target = dayFormTarget(query);
  if (target) redirect(target);
  return <NoSuchDay />;
}
