import Link from '@/components/ui/AppLink';
import { JsonLd } from '@/components/content/JsonLd';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { siteUrl } from '@/lib/env';

export interface Crumb {
  name: string;
  /** The crumb's page; the last crumb is the page in view. */
  path: string;
}

/** The trail to the page in view, as links and as a search engine's BreadcrumbList, from one list. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(trail, siteUrl())} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1">
          {trail.map((crumb, index) =>
            index < trail.length - 1 ? (
              <li key={crumb.path}>
                <Link href={crumb.path} className="text-brand-700 underline">
                  {crumb.name}
                </Link>
                <span aria-hidden="true"> / </span>
              </li>
            ) : (
              <li key={crumb.path} aria-current="page">
                {crumb.name}
              </li>
            ),
          )}
        </ol>
      </nav>
    </>
  );
}
