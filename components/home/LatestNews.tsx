import Link from '@/components/ui/AppLink';
import { CatalogImage } from '@/components/catalog/CatalogImage';

const NEWS = [
  {
    title: 'Spring laser sale: 40% off',
    text: 'Start your laser course before summer. Packages of three, six and nine sessions are on sale this spring.',
    href: '/specials/women/laser/',
    category: 'laser',
  },
  {
    title: 'Sugaring now at SoHo',
    text: 'Gentle, all-natural hair removal with a paste of sugar, lemon and water – for women and men.',
    href: '/services/sugaring-hair-removal/',
    category: 'sugaring',
  },
  {
    title: 'Brow lamination in Nolita',
    text: 'Fuller, brushed-up brows that last six to eight weeks. Read our brow tips before you book.',
    href: '/brow-touch-tips/',
    category: 'brow-touch',
  },
] as const;

export function LatestNews() {
  return (
    <section aria-labelledby="news-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="news-heading" className="text-2xl font-bold">
        Latest News
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {NEWS.map((item) => (
          <li key={item.title} className="overflow-hidden rounded-xl border border-brand-100">
            <CatalogImage lg="" category={item.category} className="h-28 w-full object-cover" />
            <div className="p-4">
              <h3 className="font-semibold">
                <Link href={item.href} className="rounded hover:underline">
                  {item.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
