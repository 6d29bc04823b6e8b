import { cacheLife, cacheTag } from 'next/cache';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { homeBanners } from '@/lib/marketing/promotion-rules';
import { PromoBanner } from './PromoBanner';

/**
 * The banners the prerendered home page carries: those not over on the day it is rendered. Cached until the next New
 * York midnight at which one starts or ends, so that the page is rendered again then without anyone publishing (and
 * at once on a publish, by the promotions tag). Until that render the island still decides by the browser's date.
 */
export async function HomePromotion() {
  'use cache';
  const { carried, seconds } = homeBanners(catalogSnapshot().promotions);
  cacheTag(CATALOG_TAGS.promotions);
  cacheLife({ revalidate: seconds });
  return <PromoBanner banners={carried} />;
}
