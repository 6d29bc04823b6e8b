import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import type { Gender } from '@/lib/catalog/tables';
import { MENU_TABS, type MenuTabId } from '@/lib/content/catalog-pages';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { chipLink } from './chip-link';
import { ChipLinks } from './ChipLinks';

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
  const genderLinks = ([0, 1] as const).map((g) =>
    chipLink(servicesPath(segmentForTab(tabId ?? 0, g), locationSlug), g === 0 ? 'Women' : 'Men', { current: !favoritesActive && g === gender }),
  );
  const tabLinks = [
    ...MENU_TABS.map((tab) => chipLink(servicesPath(segmentForTab(tab.id, gender), locationSlug), tab.label, { current: !favoritesActive && tab.id === tabId })),
    chipLink(servicesPath('favorites', locationSlug), 'Favorites', { current: favoritesActive, prefetch: false }),
  ];
  const locationLinks = SALON_LOCATIONS.map((location) =>
    chipLink(servicesPath(currentSegment, location.slug), location.name, {
      current: locationSlug ? location.slug === locationSlug : location.id === 1,
      prefetch: false,
    }),
  );
  return (
    <div className="space-y-2">
      <nav aria-label="Women or men">
        <ChipLinks links={genderLinks} className="flex gap-2" linkClassName="chip" />
      </nav>
      <nav aria-label="Service categories">
        <ChipLinks links={tabLinks} className="chip-row" linkClassName="chip" />
      </nav>
      <nav aria-label="Locations">
        <ChipLinks links={locationLinks} className="chip-row text-sm" linkClassName="loc-link" lead="Location:" />
      </nav>
    </div>
  );
}
