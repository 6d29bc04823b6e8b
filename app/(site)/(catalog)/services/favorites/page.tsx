import { FavoritesView } from '@/components/catalog/FavoritesView';
import { showsCatalog } from '@/lib/catalog/cached';
import { CATALOG_TAGS } from '@/lib/catalog/publish';
import { resolveCatalogPage, type FavoritesPage } from '@/lib/content/catalog-pages';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Your favourites',
  description: 'The services you marked as favourites, across waxing, laser, brows, skincare, massage and more.',
  path: '/services/favorites/',
  noindex: true,
});

export default async function FavoritesRoute() {
  await showsCatalog(CATALOG_TAGS.menu);
  return <FavoritesView page={resolveCatalogPage('favorites') as FavoritesPage} />;
}
