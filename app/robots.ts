import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/env';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/booking/', '/cart/', '/checkout/', '/account/', '/resetpassword/', '/desk/'] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
