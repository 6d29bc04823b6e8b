import type { MetadataRoute } from 'next';
import { SAVED_STATE_SEGMENT } from '@/lib/routing/saved-state-path';
import { siteUrl } from '@/lib/site';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/booking/', '/checkout/', '/account/', '/resetpassword/', `/${SAVED_STATE_SEGMENT}/`] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
