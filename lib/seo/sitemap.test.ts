import { allGroupedPackages, allServiceItems } from '@/lib/catalog/catalog';
import { allContentPages } from '@/lib/content/pages';
import { sitemapEntries } from './sitemap';

describe('sitemap entries', () => {
  const paths = sitemapEntries().map((entry) => entry.path);

  it('lists every service, package, bundle and content page once', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const item of allServiceItems()) expect(paths).toContain(`/services/${item.moniker}/`);
    for (const offer of allGroupedPackages()) expect(paths).toContain(`/${offer.pvType === 4 ? 'bundles' : 'packages'}/${offer.moniker}/`);
    for (const page of allContentPages()) expect(paths).toContain(`/${page.slug}/`);
    expect(paths).toEqual(expect.arrayContaining(['/', '/services/', '/specials/', '/specials/women/', '/services/womens-wax/', '/services/mens-sugaring/']));
  });

  it('leaves out aliases, bare tabs, duplicates of the default location, empty locations and personal pages', () => {
    for (const path of ['/services/sugaring-hair-for-men/', '/services/laser/', '/soho/services/womens-wax/', '/williamsburg/services/womens-wax/', '/midtown/services/womens-skin-care/', '/services/favorites/']) {
      expect(paths).not.toContain(path);
    }
    expect(paths).toContain('/midtown/services/womens-wax/');
  });
});
