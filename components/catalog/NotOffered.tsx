import Link from '@/components/ui/AppLink';
import { servicesPath } from '@/lib/catalog/routes';
import type { SalonLocation } from '@/lib/content/locations';

/** Said plainly when a location books nothing of this online, with links to the locations that do. */
export function NotOffered({ what, location, elsewhere, segment }: { what: string; location: SalonLocation; elsewhere: readonly SalonLocation[]; segment: string }) {
  return (
    <div className="mt-8 rounded-xl border border-brand-100 bg-brand-50 p-6" role="status">
      <h2 className="text-xl font-bold">Not bookable online at {location.name}</h2>
      <p className="mt-2">
        {what} can&rsquo;t be booked online at our {location.name} salon. Call {location.name} at{' '}
        <a href={`tel:${location.phone}`} className="font-semibold text-brand-700 underline">
          {location.phoneDisplay}
        </a>
        {elsewhere.length > 0 ? ' or book at one of these locations:' : ' to book it.'}
      </p>
      {elsewhere.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-3">
          {elsewhere.map((other) => (
            <li key={other.slug}>
              <Link href={servicesPath(segment, other.slug)} className="inline-block rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
                {other.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3">
        <Link href="/locations/" className="text-brand-700 underline">
          All locations, addresses and opening hours
        </Link>
      </p>
    </div>
  );
}
