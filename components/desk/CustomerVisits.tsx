import Link from '@/components/ui/AppLink';
import type { BookedBooking } from '@/lib/booking/booked';
import { formatInstantInNewYork } from '@/lib/booking/dates';
import { serviceById } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';

interface Visit {
  id: string;
  start: string;
  location: string;
  areaName: string;
  therapistName: string;
  services: string;
  /** The customer's note for the visit (an allergy, a preference), empty when none. */
  note: string;
  status: 'booked' | 'cancelled';
}

/** Every appointment of the customer's bookings, split into upcoming (booked, not started) and past or cancelled. */
export function splitVisits(bookings: readonly BookedBooking[], now: number = Date.now()): { upcoming: Visit[]; past: Visit[] } {
  const visits = bookings.flatMap(({ card, appointments }) =>
    appointments.map((a) => ({
      id: a.id,
      start: a.start,
      location: LOCATIONS.find((l) => l.id === card.location)?.name ?? `Location ${card.location}`,
      areaName: a.areaName,
      therapistName: a.therapistName,
      services: a.lines.map((line) => serviceById(line.id)?.name ?? 'Service').join(', '),
      note: card.areas.find((area) => area.area === a.areaId)?.note ?? '',
      status: a.status,
    })),
  );
  const upcoming = visits.filter((v) => v.status === 'booked' && Date.parse(v.start) >= now).sort((a, b) => a.start.localeCompare(b.start));
  const past = visits.filter((v) => !upcoming.includes(v)).sort((a, b) => b.start.localeCompare(a.start));
  return { upcoming, past };
}

export function VisitList({ id, title, visits, empty }: { id: string; title: string; visits: Visit[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {visits.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
          {visits.map((visit) => (
            <li key={visit.id} className="p-3">
              <p className="font-semibold">
                {/* The visit's own page: move it, cancel it, check the customer in. */}
                <Link href={`/desk/appointments/${visit.id}/`} prefetch={false} className="text-brand-800 underline">
                  <time dateTime={visit.start}>{formatInstantInNewYork(visit.start)}</time>
                </Link>
                {visit.status === 'cancelled' ? <span className="ml-2 text-red-800">Cancelled</span> : null}
              </p>
              <p className="text-sm text-gray-800">
                {visit.location} · {visit.areaName} with {visit.therapistName}
              </p>
              <p className="text-sm text-gray-800">{visit.services}</p>
              {visit.note ? <p className="text-sm break-words text-gray-800">Note: {visit.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
