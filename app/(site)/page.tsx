import Link from '@/components/ui/AppLink';
import { ServicesIndex } from '@/components/catalog/ServicesIndex';
import { HeroImage } from '@/components/home/HeroImage';
import { LatestNews } from '@/components/home/LatestNews';
import { HomePromotion } from '@/components/home/HomePromotion';
import { SubscribeForm } from '@/components/subscription/SubscribeForm';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { pageMetadata } from '@/lib/seo/metadata';
import { SITE_DESCRIPTION } from '@/lib/site';

export const metadata = pageMetadata({ description: SITE_DESCRIPTION, path: '/' });

export default async function HomePage() {
  // The menu's index, and the banner, news and hero the owner sets.
  await showsCatalog(CATALOG_TAGS.menu, CATALOG_TAGS.promotions);
  return (
    <>
      <HomePromotion />
      <section className="relative overflow-hidden bg-brand-50">
        <HeroImage />
        <div className="relative mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-xl text-4xl font-bold leading-tight sm:text-5xl">Smooth skin, polished brows, four New York salons</h1>
          <p className="mt-4 max-w-lg text-lg">
            Waxing, laser hair removal, brows and lashes, skincare, massage and sugaring for women and men. Book online in a minute.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* The 404 page's pair: the same 2 px border on both, so their labels line up. */}
            <Link href="/services/womens-lpt/" className="btn-solid">
              Patch Test
            </Link>
            <Link href="/services/laser/" className="btn-line bg-white hover:bg-brand-50">
              Services
            </Link>
          </div>
        </div>
      </section>
      <LatestNews />
      <section aria-labelledby="menu-heading" className="mx-auto max-w-6xl px-4 py-6">
        <h2 id="menu-heading" className="text-2xl font-bold">
          Service menu
        </h2>
        <div className="mt-4">
          <ServicesIndex location={SALON_LOCATIONS[0]!} headingLevel={3} />
        </div>
      </section>
      <section aria-labelledby="offers-heading" className="mx-auto mt-6 max-w-6xl px-4">
        <div className="rounded-2xl bg-brand-50 p-6 sm:p-8">
          <h2 id="offers-heading" className="text-2xl font-bold">
            Receive Offers
          </h2>
          <p className="mt-1 mb-4">Seasonal sales and new treatments, at most twice a month. Unsubscribe any time.</p>
          <SubscribeForm />
        </div>
      </section>
    </>
  );
}
