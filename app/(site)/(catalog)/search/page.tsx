import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { SearchForm } from '@/components/catalog/SearchForm';
import { SearchResultList } from '@/components/catalog/SearchParts';
import { queryWords, searchCatalogue, searchSummary } from '@/lib/catalog/search';
import { serverSearchEntries } from '@/lib/catalog/search-index';
import { parseSearchQuery } from '@/lib/catalog/search-query';

export const metadata: Metadata = { title: 'Search services', robots: { index: false, follow: true } };

/**
 * Rendered per request, since it reads the query, and whole, without a static shell: a part streamed in after the
 * shell needs a script to appear, and this page is where the search box sends visitors without JavaScript.
 */
export const instant = false;

/** A one-letter search finds most of the catalogue: the page lists this many and asks for another word. */
const PAGE_LIMIT = 50;

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { q } = await searchParams;
  const parsed = parseSearchQuery(q);
  const query = parsed.ok ? parsed.query : '';
  const results = parsed.ok && queryWords(query).length > 0 ? searchCatalogue(serverSearchEntries(), query, PAGE_LIMIT) : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Search services</h1>
      <div className="mt-4 max-w-xl">
        <SearchForm inputId="search-page-q" defaultValue={query} />
        {!parsed.ok ? (
          <p className="mt-3 rounded-lg border border-brand-700 bg-brand-50 p-3 font-semibold text-brand-800">{parsed.message}</p>
        ) : !results ? (
          <p className="mt-3">Type any word of a service&rsquo;s name, such as brazilian, full leg or lip.</p>
        ) : (
          <>
            <h2 className="mt-4 font-semibold break-words">{searchSummary(query, results.total)}</h2>
            {results.total === 0 ? (
              <p className="mt-2">
                Try another word, or{' '}
                <Link href="/services/" className="text-brand-700 underline">
                  browse every service
                </Link>
                .
              </p>
            ) : (
              <SearchResultList entries={results.entries} />
            )}
            {results.total > results.entries.length ? (
              <p className="mt-2 text-sm">
                Showing the first {results.entries.length}. Add a word to narrow the search.
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
