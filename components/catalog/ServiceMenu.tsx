import Link from '@/components/ui/AppLink';
import { groupServiceItems } from '@/lib/catalog/catalog';
import { segmentForTab, specialsPath } from '@/lib/catalog/routes';
import { GENDER_SLUG, TABS } from '@/lib/catalog/tables';
import { locationsOffering, tabFlags, type MenuPage } from '@/lib/content/catalog-pages';
import { CatalogSearch } from './CatalogSearch';
import { MenuNav } from './MenuNav';
import { NotOffered } from './NotOffered';
import { serviceListRow } from './service-list-rows';
import { ServiceList } from './ServiceList';
import { BookingNoScriptNotice } from '@/components/ui/NoScriptNotice';

/**
 * A tab of the service menu for one gender and location, grouped by body part (wax, laser) or service type: jump
 * links to the groups, then a compact row per service.
 */
export function ServiceMenu({ page }: { page: MenuPage }) {
  const segment = segmentForTab(page.tabId, page.gender);
  const groups = groupServiceItems(page.items);
  const tab = TABS[page.tabId];
  return (
    <div className="mx-auto max-w-3xl px-4 py-5 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{page.h1}</h1>
      <BookingNoScriptNotice className="mt-3" />
      <div className="mt-3">
        <CatalogSearch gender={page.gender} />
      </div>
      <div className="mt-3">
        <MenuNav gender={page.gender} tabId={page.tabId} locationSlug={page.locationSlug} currentSegment={segment} />
      </div>
      {page.items.length === 0 ? (
        <NotOffered what={`${page.h1.split(' at ')[0]}`} location={page.location} elsewhere={locationsOffering(tabFlags(page.tabId), page.location.id)} segment={segment} />
      ) : (
        <>
          {groups.length > 1 ? (
            <nav aria-label="Jump to" className="chip-row mt-3">
              {groups.map((group) => (
                <a key={group.key} href={`#${group.key}`} className="chip">
                  {group.label}
                </a>
              ))}
            </nav>
          ) : null}
          <ServiceList groups={groups.map((group) => ({ key: group.key, label: group.label, rows: group.items.map((item) => serviceListRow(item, page.locationSlug)) }))} />
          <p className="mt-6">
            <Link href={specialsPath(page.gender, tab.name)} className="font-semibold text-brand-700 underline">
              {`See ${GENDER_SLUG[page.gender] === 'women' ? "women's" : "men's"} ${tab.label.toLowerCase()} packages and specials`}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
