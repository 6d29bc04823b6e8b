import { redirect } from 'next/navigation';
import { dayPath, NoSuchDay } from '@/components/desk/DeskDayScreen';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { parseDateInLocationTz } from '@/lib/booking/dates';
import { deskLocationBySlug } from '@/lib/desk/day';

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The day view's date form (GET, so it works without scripts) lands here and goes on to the day's address; the bare
 * address goes to today's view.
 */
export default async function DeskDayFormPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/');
  const { location, date } = await searchParams;
  // The bare address, typed or kept as a bookmark, means today's view.
  if (location === undefined && date === undefined) redirect('/desk/');
  const place = typeof location === 'string' ? deskLocationBySlug(location) : undefined;
  const day = parseDateInLocationTz(date);
  if (!place || !day) return <NoSuchDay />;
  redirect(dayPath(place.slug, day));
}
