import { notFound, permanentRedirect } from 'next/navigation';
import { resolveCatalogPage } from '@/lib/content/catalog-pages';
import { salonLocationBySlug, SALON_LOCATIONS } from '@/lib/content/locations';
import { beautySalonJsonLd, serviceJsonLd } from '@/lib/seo/json-ld';
import { siteUrl } from '@/lib/env';
import { isOfferedAt } from '@/lib/catalog/catalog';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import { serviceImageSrc } from '@/lib/photos/catalog-photo';
import { JsonLd } from '@/components/content/JsonLd';
import { FavoritesView } from './FavoritesView';
import { GenderRedirect } from './GenderRedirect';
import { ServiceDetail } from './ServiceDetail';
import { ServiceMenu } from './ServiceMenu';

/** The body of /services/{svc}/ and /{loc}/services/{svc}/. */
export function CatalogRoute({ svc, slug }: { svc: string; slug?: string }) {
  const page = resolveCatalogPage(svc, slug);
  if (!page) notFound();
  if (page.kind === 'retired') permanentRedirect(page.redirectTo);
  if (page.kind === 'favorites') return <FavoritesView page={page} />;
  if (page.kind === 'menu') {
    const location = slug ? salonLocationBySlug(slug) : undefined;
    return (
      <>
        {location ? <JsonLd data={beautySalonJsonLd(location, siteUrl())} /> : null}
        {page.bareTab ? <GenderRedirect menHref={servicesPath(segmentForTab(page.tabId, 1), slug)} /> : null}
        <ServiceMenu page={page} />
      </>
    );
  }
  const providers = slug ? [page.location] : SALON_LOCATIONS.filter((location) => isOfferedAt(location.id, page.item.svcType));
  return (
    <>
      {page.offeredHere ? <JsonLd data={serviceJsonLd(page.item, { origin: siteUrl(), path: page.canonicalPath, providers, image: serviceImageSrc(page.item) })} /> : null}
      <ServiceDetail page={page} />
    </>
  );
}
