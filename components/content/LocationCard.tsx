import Link from '@/components/ui/AppLink';
import { offersAnything } from '@/lib/catalog/catalog';
import { formatClock } from '@/lib/booking/clock';
import { formatAddress, openingRows, type SalonLocation } from '@/lib/content/locations';

/** '10 AM', '7:30 PM', 'Midnight': the hours as New Yorkers write them, short enough for one line at 320 px. */
const hour = (time: string) => (time === '24:00' || time === '00:00' ? 'Midnight' : formatClock(time).replace(':00 ', ' '));

/** A location's address, phone, opening hours and links to its menu, as shown on /locations/ and each location page. */
export function LocationCard({ location, headingLevel = 2 }: { location: SalonLocation; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const mapQuery = encodeURIComponent(formatAddress(location));
  return (
    <section aria-labelledby={`loc-${location.slug}`} className="rounded-xl border border-brand-100 p-5">
      <Heading id={`loc-${location.slug}`} className="text-xl font-bold">
        <Link href={`/${location.slug}/`} className="rounded hover:underline">
          {location.name}
        </Link>
      </Heading>
      <address className="mt-2 not-italic leading-relaxed">
        {location.street}
        <br />
        {location.locality}, {location.region} {location.postalCode}
        <br />
        <a href={`tel:${location.phone}`} className="font-semibold text-brand-700 underline">
          {location.phoneDisplay}
        </a>
      </address>
      <p className="mt-2 text-sm">
        {location.neighbourhood}. Subway: {location.transit}.
      </p>
      <table className="mt-3 text-sm">
        <caption className="sr-only">Opening hours of {location.name}</caption>
        <tbody>
          {openingRows(location.id).map((row) => (
            <tr key={row.label}>
              <th scope="row" className="pr-4 text-left font-semibold">
                {row.label}
              </th>
              <td className="whitespace-nowrap">{row.opens === null || row.closes === null ? 'Closed' : `${hour(row.opens)} – ${hour(row.closes)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {offersAnything(location.id) ? (
          <Link href={`/${location.slug}/services/`} className="font-semibold text-brand-700 underline">
            {location.name} service menu
          </Link>
        ) : (
          <span>Book by phone: nothing at {location.name} is bookable online yet.</span>
        )}
        <a href={`https://www.google.com/maps/search/?api=1&query=${mapQuery}`} rel="noopener noreferrer" target="_blank" className="text-brand-700 underline">
          Directions<span className="sr-only"> to {location.name} (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}
