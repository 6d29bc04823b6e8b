import { allGroupedPackages, serviceByMoniker } from '@/lib/catalog/catalog';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { setHours } from '@/lib/test-support/catalog-hours';
import { beautySalonJsonLd, breadcrumbJsonLd, packageJsonLd, serializeJsonLd, serviceJsonLd } from './json-ld';

const origin = 'https://salon.example';

describe('JSON-LD', () => {
  it('describes each location as a BeautySalon with address, phone and opening hours', () => {
    const soho = SALON_LOCATIONS[0]!;
    const data = beautySalonJsonLd(soho, origin);
    expect(data).toMatchObject({
      '@type': 'BeautySalon',
      telephone: soho.phone,
      url: 'https://salon.example/soho/',
      address: { '@type': 'PostalAddress', streetAddress: soho.street, postalCode: '10012', addressRegion: 'NY', addressCountry: 'US' },
    });
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '10:00', closes: '20:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '11:00', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '11:00', closes: '18:00' },
    ]);
  });

  it("follows the location's own hours: a closed day is left out, a close at midnight reads 23:59", () => {
    setHours(3, { week: { 0: null, 5: { open: 10 * 60, close: 24 * 60 } } });
    try {
      const spec = beautySalonJsonLd(SALON_LOCATIONS[2]!, origin).openingHoursSpecification as { dayOfWeek: string[]; closes: string }[];
      expect(spec.map((row) => [row.dayOfWeek.join(' '), row.closes])).toEqual([
        ['Monday Tuesday Wednesday Thursday', '20:00'],
        ['Friday', '23:59'],
        ['Saturday', '19:00'],
      ]);
      expect((beautySalonJsonLd(SALON_LOCATIONS[0]!, origin).openingHoursSpecification as unknown[]).length).toBe(3);
    } finally {
      resetCatalogSnapshot();
    }
  });

  it('describes a service with an Offer in USD', () => {
    const item = serviceByMoniker('womens-eyebrows-wax')!;
    const data = serviceJsonLd(item, { origin, path: '/services/womens-eyebrows-wax/', providers: SALON_LOCATIONS.slice(0, 1) });
    expect(data).toMatchObject({
      '@type': 'Service',
      name: item.title,
      url: 'https://salon.example/services/womens-eyebrows-wax/',
      serviceType: 'Waxing',
      offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: 'USD' },
    });
    expect(data.provider).toEqual([
      expect.objectContaining({
        '@type': 'BeautySalon',
        address: { '@type': 'PostalAddress', streetAddress: SALON_LOCATIONS[0]!.street, addressLocality: 'New York', addressRegion: 'NY', postalCode: SALON_LOCATIONS[0]!.postalCode, addressCountry: 'US' },
      }),
    ]);
  });

  it('describes a package as a Product with its price', () => {
    const offer = allGroupedPackages()[0]!;
    expect(packageJsonLd(offer, { origin, path: '/packages/x/' })).toMatchObject({ '@type': 'Product', sku: offer.pvSku, offers: { price: offer.pvPrice.toFixed(2), priceCurrency: 'USD' } });
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    expect(breadcrumbJsonLd([{ name: 'Services', path: '/services/' }], origin).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Services', item: 'https://salon.example/services/' },
    ]);
  });

  it('cannot close its script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
