import type { ServiceItem } from '@/lib/catalog/schema';
import { AREA_IDS, AREAS, TABS, tabIdForFlag, type AreaId, type ServiceTypeFlag } from '@/lib/catalog/tables';

/**
 * The menu as the team editor groups it: area, then the menu's tab of one gender ('Women's Waxing'), then each
 * service. Pure, so that the shortcuts' meaning (a whole area, a whole tab) is one rule for the form, the API and the
 * tests. A shortcut is expanded into the services it holds when saved: a service the owner adds to the menu later is
 * not done by anyone until the owner ticks it.
 */

export interface TabGroup {
  /** The menu's segment for that tab and gender: 'womens-wax', 'mens-laser'. */
  key: string;
  label: string;
  services: readonly Pick<ServiceItem, 'id' | 'name'>[];
}

export interface AreaGroup {
  areaId: AreaId;
  label: string;
  tabs: readonly TabGroup[];
}

type Item = Pick<ServiceItem, 'id' | 'name' | 'areaId' | 'svcType' | 'gen'>;

export function tabKeyOf(item: Pick<ServiceItem, 'svcType' | 'gen'>): string {
  const tab = TABS[tabIdForFlag(item.svcType as ServiceTypeFlag)];
  return (item.gen === 1 ? tab.men : tab.women)[0];
}

function tabLabel(key: string): string {
  for (const tab of TABS) {
    if ((tab.women as readonly string[]).includes(key)) return `Women's ${tab.label}`;
    if ((tab.men as readonly string[]).includes(key)) return `Men's ${tab.label}`;
  }
  return key;
}

/** Every tab key a shortcut may name. */
export const TAB_KEYS: readonly string[] = TABS.filter((tab) => tab.id !== 9).flatMap((tab) => [tab.women[0], tab.men[0]]);

/** The services grouped by area and tab, in menu order; empty groups left out. */
export function serviceTree(services: readonly Item[]): AreaGroup[] {
  return AREA_IDS.flatMap((areaId): AreaGroup[] => {
    const tabs = new Map<string, Pick<ServiceItem, 'id' | 'name'>[]>();
    for (const item of services) {
      if (item.areaId !== areaId) continue;
      const key = tabKeyOf(item);
      const list = tabs.get(key) ?? [];
      list.push({ id: item.id, name: item.name });
      tabs.set(key, list);
    }
    if (tabs.size === 0) return [];
    return [{ areaId, label: AREAS[areaId], tabs: [...tabs].map(([key, list]) => ({ key, label: tabLabel(key), services: list })) }];
  });
}

/** What a therapist does at one location, as asked: services one by one, and whole areas and tabs. */
export interface WorkChoice {
  serviceIds: readonly string[];
  areaIds: readonly number[];
  tabs: readonly string[];
}

/** The services a choice holds: the union of the services named and those of every area and tab named. */
export function expandChoice(services: readonly Item[], choice: WorkChoice): Set<string> {
  const chosen = new Set(choice.serviceIds.map((id) => id.toLowerCase()));
  const areas = new Set(choice.areaIds);
  const tabs = new Set(choice.tabs);
  for (const item of services) if (areas.has(item.areaId) || tabs.has(tabKeyOf(item))) chosen.add(item.id);
  return chosen;
}
