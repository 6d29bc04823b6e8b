import { FAVORITES_TAB_ID, GENDER_SLUG, LOCATIONS, TABS, type Gender, type Tab, type TabId } from './tables';

/** What a /services/{svc}/ segment names. */
export type ServiceSegment =
  | { kind: 'tab'; tabId: TabId; gender: Gender }
  | { kind: 'bare-tab'; tabId: TabId }
  | { kind: 'favorites' };

export function tabById(tabId: number): Tab | undefined {
  return TABS.find((tab) => tab.id === tabId);
}

export function tabByName(name: string): Tab | undefined {
  return TABS.find((tab) => tab.name === name);
}

/** The route segment of a tab for one gender (the first, canonical one where there are two). */
export function segmentForTab(tabId: TabId, gender: Gender): string {
  const tab = tabById(tabId);
  if (!tab) throw new Error(`Unknown tab ${tabId}`);
  const segments = gender === 1 ? tab.men : tab.women;
  return segments[0];
}

/** Reads a gendered segment (womens-wax, sugaring-hair-for-men), a bare tab name (laser) or 'favorites'. */
export function parseServiceSegment(segment: string): ServiceSegment | undefined {
  if (segment === 'favorites') return { kind: 'favorites' };
  for (const tab of TABS) {
    if (tab.id === FAVORITES_TAB_ID) continue;
    if ((tab.women as readonly string[]).includes(segment)) return { kind: 'tab', tabId: tab.id, gender: 0 };
    if ((tab.men as readonly string[]).includes(segment)) return { kind: 'tab', tabId: tab.id, gender: 1 };
    if (tab.name === segment) return { kind: 'bare-tab', tabId: tab.id };
  }
  return undefined;
}

/** Every gendered segment of every tab, both genders, favourites excluded. */
export function allGenderedSegments(): { segment: string; tabId: TabId; gender: Gender }[] {
  return TABS.filter((tab) => tab.id !== FAVORITES_TAB_ID).flatMap((tab) => [
    ...tab.women.map((segment) => ({ segment, tabId: tab.id, gender: 0 as Gender })),
    ...tab.men.map((segment) => ({ segment, tabId: tab.id, gender: 1 as Gender })),
  ]);
}

export function locationBySlug(slug: string) {
  return LOCATIONS.find((location) => location.slug === slug);
}

/** Accepts 'women'/'men' and 0/1 (DESIGN.md: /specials/{gen}/). */
export function parseGender(value: string): Gender | undefined {
  if (value === 'women' || value === '0') return 0;
  if (value === 'men' || value === '1') return 1;
  return undefined;
}

export function servicesPath(segment: string, locationSlug?: string): string {
  return locationSlug ? `/${locationSlug}/services/${segment}/` : `/services/${segment}/`;
}

export function specialsPath(gender?: Gender, tabName?: string): string {
  if (gender === undefined) return '/specials/';
  return tabName ? `/specials/${GENDER_SLUG[gender]}/${tabName}/` : `/specials/${GENDER_SLUG[gender]}/`;
}

