import Link from 'next/link';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import type { Gender } from '@/lib/catalog/tables';
import { MENU_TABS, type MenuTabId } from '@/lib/content/catalog-pages';
import { SALON_LOCATIONS } from '@/lib/content/locations';

const pill = 'inline-block rounded-full border px-3 py-1.5 text-sm font-semibold';
const active = 'border-brand-700 bg-brand-700 text-white';
const idle = 'border-brand-100 text-brand-800 hover:border-brand-700';

/** The menu's tabs, gender switch and location switch: plain links, so every state has its own URL. */
export function MenuNav({
  gender,
  tabId,
  locationSlug,
  currentSegment,
  favoritesActive = false,
}: {
  gender: Gender;
  tabId?: MenuTabId;
  locationSlug?: string;
  /** The segment to keep when switching location (a tab or a service moniker). */
  currentSegment: string;
  favoritesActive?: boolean;
}) {
  const genderTarget = (g: Gender) => servicesPath(segmentForTab(tabId ?? 0, g), locationSlug);
  return (
    <div className="space-y-3">
      <nav aria-label="Women or men">
        <ul className="flex gap-2">
          {([0, 1] as const).map((g) => (
            <li key={g}>
              <Link href={genderTarget(g)} aria-current={!favoritesActive && g === gender ? 'page' : undefined} className={`${pill} ${!favoritesActive && g === gender ? active : idle}`}>
                {g === 0 ? 'Women' : 'Men'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Service categories">
        <ul className="flex flex-wrap gap-2">
          {MENU_TABS.map((tab) => {
            const current = !favoritesActive && tab.id === tabId;
            return (
              <li key={tab.id}>
                <Link href={servicesPath(segmentForTab(tab.id, gender), locationSlug)} aria-current={current ? 'page' : undefined} className={`${pill} ${current ? active : idle}`}>
                  {tab.label}
                </Link>
              </li>
            );
          })}
          <li>
            <Link href={servicesPath('favorites', locationSlug)} prefetch={false} aria-current={favoritesActive ? 'page' : undefined} className={`${pill} ${favoritesActive ? active : idle}`}>
              Favorites
            </Link>
          </li>
        </ul>
      </nav>
      <nav aria-label="Locations">
        <ul className="flex flex-wrap items-center gap-2 text-sm">
          <li className="font-semibold">Location:</li>
          {SALON_LOCATIONS.map((location) => {
            const current = locationSlug ? location.slug === locationSlug : location.id === 1;
            return (
              <li key={location.slug}>
                <Link
                  href={servicesPath(currentSegment, location.slug)}
                  prefetch={false}
                  aria-current={current ? 'page' : undefined}
                  className={`rounded px-2 py-1 ${current ? 'bg-brand-50 font-semibold text-brand-800 underline' : 'text-brand-700 hover:underline'}`}
                >
                  {location.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
