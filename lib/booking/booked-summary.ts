import 'server-only';
import { allBundles, serviceById } from '@/lib/catalog/catalog';
import { shownDurationMinutes } from '@/lib/catalog/format';
import { summariseBooked, type BookedAreaInput, type VisitSummary } from './visit-summary';

/** The title of the package or bundle a line was booked against, from the catalogue. */
function packageTitle(serviceId: string, pkgId: string): string | null {
  const id = pkgId.toLowerCase();
  const offer = serviceById(serviceId)?.spkg.find((o) => o.pvId.toLowerCase() === id) ?? allBundles().find((o) => o.pvId.toLowerCase() === id);
  return offer?.pvTitle ?? null;
}

/** The summary of a booking as the confirmation page and mail show it (the booking page's, with the real therapists). */
export function bookedSummary(appointments: readonly BookedAreaInput[]): VisitSummary {
  return summariseBooked(appointments, (line) => {
    const item = serviceById(line.id);
    return {
      shownMinutes: item ? shownDurationMinutes(item) : line.duration,
      packageTitle: line.pkgId ? packageTitle(line.id, line.pkgId) : null,
    };
  });
}
