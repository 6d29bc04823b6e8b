import type { MetadataRoute } from 'next';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { siteUrl } from '@/lib/env';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await showsCatalog(CATALOG_TAGS.menu);
  const origin = siteUrl();
  return sitemapEntries().map((entry) => ({ url: `${origin}${entry.path}`, changeFrequency: entry.changeFrequency, priority: entry.priority }));
}
