import Link from 'next/link';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import { TABS } from '@/lib/catalog/tables';
import { genderAdjective, locationsOffering, type ServicePage } from '@/lib/content/catalog-pages';
import { MenuNav } from './MenuNav';
import { NotOffered } from './NotOffered';
import { ServiceCard } from './ServiceCard';
import { SERVICE_TYPE_LABELS, type ServiceTypeFlag } from '@/lib/catalog/tables';

/** One service's page: its service type with that one item. */
export function ServiceDetail({ page }: { page: ServicePage }) {
  const tab = TABS[page.tabId];
  const tabSegment = segmentForTab(page.tabId, page.gender);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link href="/services/" className="text-brand-700 underline">
              Services
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link href={servicesPath(tabSegment, page.locationSlug)} className="text-brand-700 underline">
              {genderAdjective(page.gender)} {tab.label}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page">{page.item.name}</li>
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-bold">{page.h1}</h1>
      <div className="mt-4">
        <MenuNav gender={page.gender} tabId={page.tabId} locationSlug={page.locationSlug} currentSegment={page.item.moniker} />
      </div>
      {page.offeredHere ? (
        <section aria-labelledby="service-type" className="mt-8">
          <h2 id="service-type" className="text-xl font-bold text-brand-800">
            {SERVICE_TYPE_LABELS[page.item.svcType as ServiceTypeFlag]}
          </h2>
          <div className="mt-3">
            <ServiceCard item={page.item} locationSlug={page.locationSlug} linkName={false} priorityImage />
          </div>
        </section>
      ) : (
        <NotOffered what={page.item.name} location={page.location} elsewhere={locationsOffering([page.item.svcType], page.location.id)} segment={page.item.moniker} />
      )}
      <p className="mt-8">
        <Link href={servicesPath(tabSegment, page.locationSlug)} className="font-semibold text-brand-700 underline">
          All {genderAdjective(page.gender).toLowerCase()} {tab.label.toLowerCase()} services
        </Link>
      </p>
    </div>
  );
}
