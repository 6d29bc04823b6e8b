import Link from '@/components/ui/AppLink';
import { ServicesIndex } from '@/components/catalog/ServicesIndex';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Services and prices',
  description: 'Waxing, laser hair removal, brows and lashes, skincare, massage, sugaring, ingrown-hair care and laser tattoo removal for women and men in New York.',
  path: '/services/',
});

export default async function ServicesRoute() {
  await showsCatalog(CATALOG_TAGS.menu);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Services and prices</h1>
      <p className="mt-2 max-w-2xl">Choose a category to see every service with its duration and price. Menus differ a little by location.</p>
      <p className="mt-2 flex flex-wrap gap-3 text-sm">
        {SALON_LOCATIONS.map((location) => (
          <Link key={location.slug} href={`/${location.slug}/services/`} className="text-brand-700 underline">
            {location.name} menu
          </Link>
        ))}
      </p>
      <div className="mt-6">
        <ServicesIndex location={SALON_LOCATIONS[0]!} />
      </div>
    </div>
  );
}
