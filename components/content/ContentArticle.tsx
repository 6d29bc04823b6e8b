import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import type { ContentPage } from '@/lib/content/pages';
import { renderMarkdown } from '@/lib/content/pages';

const KIND_LABEL: Record<ContentPage['kind'], { label: string; href: string } | undefined> = {
  info: undefined,
  location: { label: 'Locations', href: '/locations/' },
  tips: { label: 'Tips', href: '/tips/' },
  how: { label: 'How To', href: '/how-to/' },
  legal: undefined,
};

/**
 * A Markdown page, rendered at build time. `within` fills the line `<!-- name -->` of the Markdown with what the site
 * knows (the cancellation policy's deposits from the catalogue), so the page says what the site does.
 */
export function ContentArticle({
  page,
  children,
  after,
  within,
}: {
  page: ContentPage;
  children?: React.ReactNode;
  after?: React.ReactNode;
  within?: { marker: string; node: React.ReactNode };
}) {
  const parent = KIND_LABEL[page.kind];
  const [before, rest] = within ? splitAtMarker(page.body, within.marker) : [page.body, undefined];
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      {parent ? (
        <Breadcrumbs
          trail={[
            { name: parent.label, path: parent.href },
            { name: page.label, path: `/${page.slug}/` },
          ]}
        />
      ) : null}
      <h1 className="mt-2 text-3xl font-bold">{page.title}</h1>
      {page.updated ? <p className="mt-1 text-sm text-gray-700">Last updated {page.updated}</p> : null}
      {children}
      <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: renderMarkdown(before) }} />
      {rest !== undefined ? (
        <>
          {within!.node}
          <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: renderMarkdown(rest) }} />
        </>
      ) : null}
      {after}
    </article>
  );
}

/** The Markdown before and after the line `<!-- marker -->`; the whole body and undefined when it has none. */
export function splitAtMarker(body: string, marker: string): [string, string | undefined] {
  const line = new RegExp(`^<!-- ${marker} -->$`, 'm');
  const match = line.exec(body);
  if (!match) return [body, undefined];
  return [body.slice(0, match.index), body.slice(match.index + match[0].length)];
}
