import Link from '@/components/ui/AppLink';
import { currentPage } from '@/components/ui/current-page';
import { specialsPath } from '@/lib/catalog/routes';
import type { Gender } from '@/lib/catalog/tables';
import { specialsTabs, type SpecialsPage } from '@/lib/content/catalog-pages';
import { OfferCard } from './OfferCard';

/** The chips of the page's own gender and category are filled, whether or not they are the current page. */
const chip = (on: boolean) => (on ? 'chip chip-on' : 'chip');

export function SpecialsView({ page }: { page: SpecialsPage }) {
  const gender: Gender = page.gender ?? 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <p className="mt-2 max-w-2xl">
        Save on a course of treatments with a multi-session package, or combine services in a bundle. Buy online, then book each session when it suits you.
      </p>
      <nav aria-label="Women or men" className="mt-4">
        <ul className="flex gap-2">
          <li>
            <Link href="/specials/" {...currentPage(page.gender === undefined)} className={chip(page.gender === undefined)}>
              All
            </Link>
          </li>
          {([0, 1] as const).map((g) => (
            <li key={g}>
              <Link href={specialsPath(g)} {...currentPage(page.gender === g && page.tabId === undefined)} className={chip(page.gender === g)}>
                {g === 0 ? 'Women' : 'Men'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page.gender === undefined ? (
        <p className="mt-3 max-w-2xl">Featured offers are below; choose Women or Men for every bundle, then a category for every package.</p>
      ) : null}
      {page.gender !== undefined ? (
        <nav aria-label="Service categories" className="mt-3">
          {/* One scrolling row on a phone; wrapped on wider screens, where a row's own scrollbar would only hide chips. */}
          <ul className="chip-row">
            {specialsTabs(gender).map((tab) => (
              <li key={tab.id}>
                <Link href={specialsPath(gender, tab.name)} {...currentPage(tab.id === page.tabId)} className={chip(tab.id === page.tabId)}>
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {page.offers.length === 0 ? (
        <p className="mt-8 rounded-xl bg-brand-50 p-6" role="status">
          No packages or bundles in this category right now.{' '}
          <Link href={specialsPath(gender)} className="font-semibold text-brand-700 underline">
            See all {gender === 0 ? "women's" : "men's"} specials
          </Link>
        </p>
      ) : (
        <ul className="offers mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {page.offers.map((offer, index) => (
            <li key={offer.pvId}>
              <OfferCard offer={offer} priorityImage={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
