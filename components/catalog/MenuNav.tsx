import Link from '@/components/ui/AppLink';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import type { Gender } from '@/lib/catalog/tables';
import { MENU_TABS, type MenuTabId } from '@/lib/content/catalog-pages';
import { SALON_LOCATIONS } from '@/lib/content/locations';

/**
 * The menu's gender switch, tabs and location switch: plain links, so every state has its own URL. On a phone the
 * tabs and locations are one line each that scrolls sideways inside itself, so the services start in the first
 * screen. Looking at another location's menu does not change the booking cart.
 */
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
  const current = (yes: boolean) => (yes ? 'page' : undefined);
  return (
    <div className="space-y-2">
      <nav aria-label="Women or men">
        <ul className="flex gap-2">
          {([0, 1] as const).map((g) => (
            <li key={g}>
              <Link href={genderTarget(g)} aria-current={current(!favoritesActive && g === gender)} className="chip">
                {g === 0 ? 'Women' : 'Men'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Service categories">
        <ul className="chip-row">
          {MENU_TABS.map((tab) => (
            <li key={tab.id}>
              <Link href={servicesPath(segmentForTab(tab.id, gender), locationSlug)} aria-current={current(!favoritesActive && tab.id === tabId)} className="chip">
                {tab.label}
              </Link>
            </li>
          ))}
          <li>
            <Link href={servicesPath('favorites', locationSlug)} prefetch={false} aria-current={current(favoritesActive)} className="chip">
              Favorites
            </Link>
          </li>
        </ul>
      </nav>
      <nav aria-label="Locations">
        <ul className="chip-row text-sm">
          <li className="self-center font-semibold">Location:</li>
          {SALON_LOCATIONS.map((location) => (
            <li key={location.slug}>
              <Link
                href={servicesPath(currentSegment, location.slug)}
                prefetch={false}
                aria-current={current(locationSlug ? location.slug === locationSlug : location.id === 1)}
                className="loc-link"
              >
                {location.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
