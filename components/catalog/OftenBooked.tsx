import { allServiceItems, isOfferedAt } from '@/lib/catalog/catalog';
import { recentCoBookings } from '@/lib/catalog/co-bookings';
import { oftenBookedWith } from '@/lib/catalog/often-booked';
import type { ServicePage } from '@/lib/content/catalog-pages';
import { serviceListRow } from './service-list-rows';
import { ServiceList } from './ServiceList';

/**
 * 'Often booked with it' under a service's own 'Add to booking': up to four services (lib/catalog/often-booked.ts) as
 * the menu's rows, so a second service is one tap away.
 */
export async function OftenBooked({ page }: { page: ServicePage }) {
  const coBookings = await recentCoBookings();
  const shown = oftenBookedWith(page.item, { coBookings, services: allServiceItems(), offered: (candidate) => isOfferedAt(page.location.id, candidate.svcType) });
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="often-booked" className="mt-5">
      <h2 id="often-booked" className="text-lg font-bold text-brand-800">
        Often booked with it
      </h2>
      <ServiceList groups={[{ key: 'often-booked-list', rows: shown.map((item) => serviceListRow(item, page.locationSlug)) }]} />
    </section>
  );
}
