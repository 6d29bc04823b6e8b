import type { Metadata } from 'next';
import { TherapistWeekScreen } from '@/components/desk/day/TherapistWeekScreen';
import { weekPath } from '@/components/desk/day/week-path';

export const metadata: Metadata = { title: 'Front desk: week' };

type Params = { location: string; therapist: string; date: string };

/** One therapist's week at a location, reached from their name on the day view. */
export default async function DeskWeekPage({ params }: { params: Promise<Params> }) {
  const { location, therapist, date } = await params;
  return <TherapistWeekScreen location={location} therapist={therapist} date={date} path={weekPath(encodeURIComponent(location), encodeURIComponent(therapist), encodeURIComponent(date))} />;
}
