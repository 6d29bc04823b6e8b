import Link from '@/components/ui/AppLink';
import { FavoritesNoScriptNotice } from '@/components/ui/NoScriptNotice';
import { Suspense } from 'react';
import { servicesFor } from '@/lib/catalog/catalog';
import { isOfferedAt } from '@/lib/catalog/catalog';
import { servicesPath } from '@/lib/catalog/routes';
import { personalState } from '@/lib/persistence/personal-state';
import type { FavoritesPage } from '@/lib/content/catalog-pages';
import { MenuNav } from './MenuNav';
import { serviceListRow } from './service-list-rows';
import { ServiceList } from './ServiceList';

/** The favourites are read from the visitor's cookie at request time, in a hole of this noindex page. */
async function FavoritesList({ page }: { page: FavoritesPage }) {
  const ids = (await personalState()).favorites;
  const items = servicesFor({ gender: 0, tabId: 9, favoriteIds: ids });
  if (items.length === 0) return <EmptyFavorites />;
  return (
    <div className="mt-6">
      <ServiceList groups={[{ key: 'favorites', rows: items.filter((item) => isOfferedAt(page.location.id, item.svcType)).map((item) => serviceListRow(item, page.locationSlug)) }]} />
      <ul>
        {items
          .filter((item) => !isOfferedAt(page.location.id, item.svcType))
          .map((item) => (
            <li key={item.id} className="svc-row">
              <p>
                <Link href={servicesPath(item.moniker)} className="font-semibold text-brand-700 underline">
                  {item.name}
                </Link>{' '}
                is not bookable online at {page.location.name}.
              </p>
            </li>
          ))}
      </ul>
    </div>
  );
}

function EmptyFavorites() {
  return (
    <p className="mt-6 rounded-xl bg-brand-50 p-6">
      You have no favourites yet. Tap <strong>Favourite</strong> on any service to keep it here.{' '}
      <Link href="/services/" className="font-semibold text-brand-700 underline">
        Browse the services
      </Link>
    </p>
  );
}

export function FavoritesView({ page }: { page: FavoritesPage }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-5 sm:py-8">
      <h1 className="text-3xl font-bold">Your favourite services</h1>
      <div className="mt-4">
        <MenuNav gender={0} locationSlug={page.locationSlug} currentSegment="favorites" favoritesActive />
      </div>
      <FavoritesNoScriptNotice className="mt-6" />
      <Suspense
        fallback={
          <p className="mt-6" aria-busy="true" data-needs-script="">
            Loading your favourites…
          </p>
        }
      >
        <FavoritesList page={page} />
      </Suspense>
    </div>
  );
}
