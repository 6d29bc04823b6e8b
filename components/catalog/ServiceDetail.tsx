import Link from '@/components/ui/AppLink';
import { formatServiceDuration } from '@/lib/catalog/format';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import { SERVICE_TYPE_LABELS, TABS, type ServiceTypeFlag } from '@/lib/catalog/tables';
import { genderAdjective, locationsBooking, type ServicePage } from '@/lib/content/catalog-pages';
import { catalogPhoto } from '@/lib/photos/catalog-photo';
import { CatalogImage } from './CatalogImage';
import { MenuNav } from './MenuNav';
import { NotOffered } from './NotOffered';
import { OftenBooked } from './OftenBooked';
import { OfferList } from './OfferList';
import { Price } from './Price';
import { ServiceActions } from './ServiceActions';
import { VideoEmbed } from './VideoEmbed';
import { BookingNoScriptNotice } from '@/components/ui/NoScriptNotice';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';

/**
 * One service's page. Its name, duration, price and 'Add to booking' come first, so they are in the first screen of
 * a phone, then 'Often booked with it' (a second service in one tap); the description, picture, video and the
 * packages and bundles with it follow.
 */
export function ServiceDetail({ page }: { page: ServicePage }) {
  const tab = TABS[page.tabId];
  const tabSegment = segmentForTab(page.tabId, page.gender);
  const item = page.item;
  // The owner's photo is the largest thing in the first screen, phone or desktop: fetched first, not lazily.
  const photo = catalogPhoto(item.id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-5 sm:py-8">
      <Breadcrumbs
        trail={[
          { name: 'Services', path: '/services/' },
          { name: `${genderAdjective(page.gender)} ${tab.label}`, path: servicesPath(tabSegment, page.locationSlug) },
          { name: item.name, path: page.path },
        ]}
      />
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{page.h1}</h1>
      <BookingNoScriptNotice className="mt-3" />
      {page.offeredHere ? (
        <>
          <p className="mt-2 text-lg">
            <span className="text-gray-700">{SERVICE_TYPE_LABELS[item.svcType as ServiceTypeFlag]}</span>
            <span aria-hidden="true"> · </span>
            {formatServiceDuration(item)}
            <span aria-hidden="true"> · </span>
            <Price amount={item.price} />
          </p>
          <div className="mt-3">
            <ServiceActions serviceId={item.id} serviceName={item.name} />
          </div>
          <OftenBooked page={page} />
          <div className="mt-5 flex flex-col gap-4 sm:flex-row-reverse sm:items-start">
            <CatalogImage lg={item.lg} category={tab.name} photo={photo} priority={photo !== undefined} />
            <div className="flex-1">
              {item.desc ? <p className="leading-relaxed text-gray-800">{item.desc}</p> : null}
              {item.mid ? <VideoEmbed src={item.mid} title={item.name} /> : null}
              <OfferList offers={item.spkg} serviceName={item.name} />
            </div>
          </div>
        </>
      ) : (
        <NotOffered what={item.name} location={page.location} elsewhere={locationsBooking(item.id, page.location.id)} segment={item.moniker} />
      )}
      <section aria-labelledby="more-services" className="mt-8 border-t border-brand-100 pt-5">
        <h2 id="more-services" className="text-lg font-bold text-brand-800">
          More services
        </h2>
        <p className="mt-1">
          <Link href={servicesPath(tabSegment, page.locationSlug)} className="font-semibold text-brand-700 underline">
            All {genderAdjective(page.gender).toLowerCase()} {tab.label.toLowerCase()} services
          </Link>
        </p>
        <div className="mt-3">
          <MenuNav gender={page.gender} tabId={page.tabId} locationSlug={page.locationSlug} currentSegment={item.moniker} />
        </div>
      </section>
    </div>
  );
}
