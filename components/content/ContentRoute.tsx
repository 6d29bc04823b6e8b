import Link from '@/components/ui/AppLink';
import { JsonLd } from './JsonLd';
import { ContentArticle } from './ContentArticle';
import { DepositPolicyTable } from './DepositPolicyTable';
import { LocationCard } from './LocationCard';
import { SiteMapLinks } from './SiteMapLinks';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { contentPagesOfKind, type ContentPage } from '@/lib/content/pages';
import { SALON_LOCATIONS, salonLocationBySlug } from '@/lib/content/locations';
import { beautySalonJsonLd } from '@/lib/seo/json-ld';
import { siteUrl } from '@/lib/env';

function PageList({ pages, label }: { pages: ContentPage[]; label: string }) {
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="grid gap-3 sm:grid-cols-2">
        {pages.map((page) => (
          <li key={page.slug} className="rounded-xl border border-brand-100 p-4">
            <Link href={`/${page.slug}/`} className="font-semibold text-brand-700 underline">
              {page.label}
            </Link>
            <p className="mt-1 text-sm">{page.description}</p>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The extras some content pages carry beside their Markdown: location cards, page lists, the site map. Those that show
 * the catalogue (what a location offers, its hours, the menus) say so (showsCatalog); the others are not rendered again
 * when it changes.
 */
export async function ContentRoute({ page }: { page: ContentPage }) {
  const location = page.kind === 'location' ? salonLocationBySlug(page.slug) : undefined;
  if (location) {
    await showsCatalog(CATALOG_TAGS.menu, CATALOG_TAGS.hours);
    return (
      <>
        <JsonLd data={beautySalonJsonLd(location, siteUrl())} />
        <ContentArticle page={page}>
          <div className="mt-6">
            <LocationCard location={location} />
          </div>
        </ContentArticle>
      </>
    );
  }
  switch (page.slug) {
    case 'locations':
    case 'contact-us':
      await showsCatalog(CATALOG_TAGS.menu, CATALOG_TAGS.hours);
      return (
        <>
          <JsonLd data={SALON_LOCATIONS.map((salon) => beautySalonJsonLd(salon, siteUrl()))} />
          <ContentArticle
            page={page}
            after={
              <div className="mt-8 grid gap-4 sm:grid-cols-2">
                {SALON_LOCATIONS.map((salon) => (
                  <LocationCard key={salon.slug} location={salon} />
                ))}
              </div>
            }
          />
        </>
      );
    case 'tips':
      return <ContentArticle page={page} after={<PageList pages={contentPagesOfKind('tips')} label="Tips pages" />} />;
    case 'how-to':
      return <ContentArticle page={page} after={<PageList pages={contentPagesOfKind('how')} label="How treatments are done" />} />;
    case 'cancellation-policy':
      await showsCatalog(CATALOG_TAGS.menu);
      return <ContentArticle page={page} within={{ marker: 'deposits', node: <DepositPolicyTable /> }} />;
    case 'site-map':
      await showsCatalog(CATALOG_TAGS.menu);
      return <ContentArticle page={page} after={<SiteMapLinks />} />;
    default:
      return <ContentArticle page={page} />;
  }
}
