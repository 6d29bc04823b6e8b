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

/** A Markdown page, rendered at build time. */
export function ContentArticle({ page, children, after }: { page: ContentPage; children?: React.ReactNode; after?: React.ReactNode }) {
  const parent = KIND_LABEL[page.kind];
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
      <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: renderMarkdown(page.body) }} />
      {after}
    </article>
  );
}
