import Link from '@/components/ui/AppLink';
import { servicesFor } from '@/lib/catalog/catalog';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import { MENU_TABS } from '@/lib/content/catalog-pages';
import type { SalonLocation } from '@/lib/content/locations';
import { CatalogImage } from './CatalogImage';
import { CatalogSearch } from './CatalogSearch';

/** The catalogue search box, then every tab of the menu for women and for men with the number of services each has at the location. */
export function ServicesIndex({ location, locationSlug, headingLevel = 2 }: { location: SalonLocation; locationSlug?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <CatalogSearch />
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {MENU_TABS.map((tab) => {
          const counts = ([0, 1] as const).map((gender) => servicesFor({ location: location.id, gender, tabId: tab.id }).length);
          return (
            <li key={tab.id} className="overflow-hidden rounded-xl border border-brand-100">
              <CatalogImage lg="" category={tab.name} className="h-24 w-full object-cover" />
              <div className="p-4">
                <Heading className="font-semibold">{tab.label}</Heading>
                <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                  {([0, 1] as const).map((gender) =>
                    counts[gender] ? (
                      <Link key={gender} className="text-brand-700 underline" href={servicesPath(segmentForTab(tab.id, gender), locationSlug)}>
                        {gender === 0 ? 'Women' : 'Men'} ({counts[gender]} services)
                      </Link>
                    ) : (
                      <span key={gender}>
                        {gender === 0 ? 'Women' : 'Men'}: not online here
                      </span>
                    ),
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
