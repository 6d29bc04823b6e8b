import type { Metadata } from 'next';
import { DeskDayScreen } from '@/components/desk/DeskDayScreen';
import { dayPath } from '@/lib/desk/day-form';

export const metadata: Metadata = { title: 'Front desk: day' };

type Params = { location: string; date: string };

/** One location's day; an unknown location or a date that is not a real 'YYYY-MM-DD' is the 404 page. */
export default async function DeskDayPage({ params }: { params: Promise<Params> }) {
  const { location, date } = await params;
  return <DeskDayScreen location={location} date={date} path={dayPath(encodeURIComponent(location), encodeURIComponent(date))} />;
}
