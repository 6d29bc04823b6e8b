import type { MetadataRoute } from 'next';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { siteUrl } from '@/lib/site';

export default function sitemap(): MetadataRoute.Sitemap {
  const origin = siteUrl();
  return sitemapEntries().map((entry) => ({ url: `${origin}${entry.path}`, changeFrequency: entry.changeFrequency, priority: entry.priority }));
}
