import { allServiceItems, offersAnything } from '@/lib/catalog/catalog';
import { allGenderedSegments, specialsPath } from '@/lib/catalog/routes';
import { resolveCatalogPage, offerPath, offersOfKind, specialsTabs } from '@/lib/content/catalog-pages';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { allContentPages } from '@/lib/content/pages';

export interface SitemapEntry {
  path: string;
  priority: number;
  changeFrequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
}

/**
 * Every indexable page: the canonical URL of each catalogue page (aliases, bare tabs and the default location's
 * duplicates point elsewhere and are left out), specials, packages, bundles and content pages.
 */
export function sitemapEntries(): SitemapEntry[] {
  const entries: SitemapEntry[] = [
    { path: '/', priority: 1, changeFrequency: 'weekly' },
    { path: '/services/', priority: 0.9, changeFrequency: 'weekly' },
    { path: specialsPath(), priority: 0.8, changeFrequency: 'weekly' },
    { path: '/gift-cards/', priority: 0.6, changeFrequency: 'monthly' },
  ];
  const seen = new Set(entries.map((entry) => entry.path));
  const add = (path: string, priority: number, changeFrequency: SitemapEntry['changeFrequency']) => {
    if (seen.has(path)) return;
    seen.add(path);
    entries.push({ path, priority, changeFrequency });
  };
  const catalogue = (svc: string, slug?: string) => {
    const page = resolveCatalogPage(svc, slug);
    if ((page?.kind === 'menu' || page?.kind === 'service') && !page.noindex && page.canonicalPath === page.path) add(page.path, slug ? 0.6 : 0.8, 'weekly');
  };
  for (const { segment } of allGenderedSegments()) catalogue(segment);
  for (const item of allServiceItems()) catalogue(item.moniker);
  for (const location of SALON_LOCATIONS) {
    if (offersAnything(location.id)) add(`/${location.slug}/services/`, 0.6, 'weekly');
    for (const { segment } of allGenderedSegments()) catalogue(segment, location.slug);
    for (const item of allServiceItems()) catalogue(item.moniker, location.slug);
  }
  for (const gender of [0, 1] as const) {
    add(specialsPath(gender), 0.7, 'weekly');
    for (const tab of specialsTabs(gender)) add(specialsPath(gender, tab.name), 0.6, 'weekly');
  }
  for (const offer of [...offersOfKind('package'), ...offersOfKind('bundle')]) add(offerPath(offer), 0.6, 'monthly');
  for (const page of allContentPages()) add(`/${page.slug}/`, page.kind === 'legal' ? 0.2 : 0.5, page.kind === 'legal' ? 'yearly' : 'monthly');
  return entries;
}

