import Link from '@/components/ui/AppLink';
import { CatalogImage } from '@/components/catalog/CatalogImage';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { newsIllustration } from '@/lib/content/images';

/**
 * The home page's 'Latest News': the owner's published cards (/desk/promotions/), in their order, from the catalogue
 * snapshot. Nothing when none is published.
 */
export function LatestNews() {
  const news = catalogSnapshot().news;
  if (news.length === 0) return null;
  return (
    <section aria-labelledby="news-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="news-heading" className="text-2xl font-bold">
        Latest News
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {news.map((card) => (
          <li key={card.id} className="overflow-hidden rounded-xl border border-brand-100">
            {/* The card's photo (card.photoId) goes here once the photos part (components/desk/PhotoField.tsx) serves it; until then, the illustration. */}
            <CatalogImage lg="" category={newsIllustration(card.link)} className="h-28 w-full object-cover" />
            <div className="p-4">
              <h3 className="font-semibold">
                {card.link ? (
                  <Link href={card.link} className="rounded hover:underline">
                    {card.title}
                  </Link>
                ) : (
                  card.title
                )}
              </h3>
              <p className="mt-1 text-sm">{card.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
