import Link from 'next/link';
import { groupServiceItems } from '@/lib/catalog/catalog';
import { segmentForTab, specialsPath } from '@/lib/catalog/routes';
import { GENDER_SLUG, TABS } from '@/lib/catalog/tables';
import { locationsOffering, tabFlags, type MenuPage } from '@/lib/content/catalog-pages';
import { MenuNav } from './MenuNav';
import { NotOffered } from './NotOffered';
import { ServiceCard } from './ServiceCard';

/** A tab of the service menu for one gender and location, grouped by body part (wax, laser) or service type. */
export function ServiceMenu({ page }: { page: MenuPage }) {
  const segment = segmentForTab(page.tabId, page.gender);
  const groups = groupServiceItems(page.items);
  const tab = TABS[page.tabId];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{page.h1}</h1>
      <div className="mt-4">
        <MenuNav gender={page.gender} tabId={page.tabId} locationSlug={page.locationSlug} currentSegment={segment} />
      </div>
      {page.items.length === 0 ? (
        <NotOffered what={`${page.h1.split(' at ')[0]}`} location={page.location} elsewhere={locationsOffering(tabFlags(page.tabId), page.location.id)} segment={segment} />
      ) : (
        <>
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`group-${group.key}`} className="mt-8">
              <h2 id={`group-${group.key}`} className="text-xl font-bold text-brand-800">
                {group.label}
              </h2>
              <ul className="mt-3 space-y-4">
                {group.items.map((item, index) => (
                  <li key={item.id}>
                    <ServiceCard item={item} locationSlug={page.locationSlug} priorityImage={index === 0 && group === groups[0]} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className="mt-8">
            <Link href={specialsPath(page.gender, tab.name)} className="font-semibold text-brand-700 underline">
              See {GENDER_SLUG[page.gender] === 'women' ? "women's" : "men's"} {tab.label.toLowerCase()} packages and specials
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
