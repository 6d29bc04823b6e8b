import type { Metadata } from 'next';
import { DeskDayScreen } from '@/components/desk/DeskDayScreen';

export const metadata: Metadata = { title: 'Front desk' };

/** The desk's home: SoHo's day, today in New York. */
export default async function DeskPage() {
  return <DeskDayScreen location="soho" path="/desk/" />;
}
