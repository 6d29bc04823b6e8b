import type { PackageOffer, ServiceItem } from '@/lib/catalog/schema';
import type { GroupedPackage } from '@/lib/catalog/catalog';
import { TABS, tabIdForFlag, type ServiceTypeFlag } from '@/lib/catalog/tables';
import { openingRows, type SalonLocation } from '@/lib/content/locations';
import { SITE_NAME } from '@/lib/site';

type JsonLd = Record<string, unknown>;

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).toString();

function postalAddress(location: SalonLocation): JsonLd {
  return {
    '@type': 'PostalAddress',
    streetAddress: location.street,
    addressLocality: location.locality,
    addressRegion: location.region,
    postalCode: location.postalCode,
    addressCountry: 'US',
  };
}

/** A BeautySalon with its address, phone and opening hours. */
export function beautySalonJsonLd(location: SalonLocation, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    '@id': absolute(origin, `/${location.slug}/#salon`),
    name: `${SITE_NAME} ${location.name}`,
    url: absolute(origin, `/${location.slug}/`),
    telephone: location.phone,
    priceRange: '$$',
    address: postalAddress(location),
    geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
    openingHoursSpecification: openingRows(location.id).flatMap((row) =>
      row.opens === null || row.closes === null
        ? []
        : [{ '@type': 'OpeningHoursSpecification', dayOfWeek: row.days, opens: row.opens, closes: row.closes === '24:00' ? '23:59' : row.closes }],
    ),
  };
}

/** A Service with its single-session Offer in USD, provided by the salon(s) that offer it. */
export function serviceJsonLd(item: ServiceItem, options: { origin: string; path: string; providers: readonly SalonLocation[]; image?: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: item.title,
    // The kind of service ('Waxing', 'Laser Hair Removal'); the item's own name is in `name`.
    serviceType: TABS[tabIdForFlag(item.svcType as ServiceTypeFlag)].label,
    ...(item.desc ? { description: item.desc } : {}),
    url: absolute(options.origin, options.path),
    ...(options.image ? { image: absolute(options.origin, options.image) } : {}),
    provider: options.providers.map((location) => ({
      '@type': 'BeautySalon',
      '@id': absolute(options.origin, `/${location.slug}/#salon`),
      name: `${SITE_NAME} ${location.name}`,
      telephone: location.phone,
      address: postalAddress(location),
    })),
    areaServed: { '@type': 'City', name: 'New York' },
    offers: {
      '@type': 'Offer',
      price: item.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: absolute(options.origin, options.path),
    },
  };
}

/** A package or bundle as a Product with its Offer in USD. */
export function packageJsonLd(offer: GroupedPackage | PackageOffer, options: { origin: string; path: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    // The page's heading (offerHeading): whose and what, as the search result shows it.
    name: offer.pvMetaTitle.replace(/ \| NYC$/, ''),
    description: offer.pvMetaDescription || offer.pvDescription,
    sku: offer.pvSku,
    brand: { '@type': 'Brand', name: SITE_NAME },
    url: absolute(options.origin, options.path),
    offers: {
      '@type': 'Offer',
      price: offer.pvPrice.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: absolute(options.origin, options.path),
    },
  };
}

export function breadcrumbJsonLd(trail: readonly { name: string; path: string }[], origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(origin, crumb.path) })),
  };
}

/** JSON for a <script type="application/ld+json">: '<' is escaped so no text can close the script element. */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
