import 'server-only';
import { formatInstantInNewYork, localToUtcMs, type DateTimeInLocationTz } from '@/lib/booking/dates';
import { therapistById } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import { hasSlot, type DeskSlot } from './book-slot';

/** The slot in words: 'SoHo · Monday, January 11, 2027 at 2:30 PM EST · with Ana'. */
export function formatDeskSlot(slot: DeskSlot): string {
  if (!hasSlot(slot)) return 'No slot chosen: the booking page offers every time.';
  const parts: string[] = [];
  const location = LOCATIONS.find((l) => l.id === slot.location);
  if (location) parts.push(location.name);
  if (slot.date) {
    parts.push(slot.time ? formatInstantInNewYork(new Date(localToUtcMs(`${slot.date} ${slot.time}` as DateTimeInLocationTz)).toISOString()) : slot.date);
  }
  const therapist = slot.therapist ? therapistById(slot.therapist) : undefined;
  if (therapist) parts.push(`with ${therapist.name}`);
  return parts.join(' · ');
}
