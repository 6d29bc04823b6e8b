import type { Metadata } from 'next';
import { SITE_NAME } from '@/lib/site';

export interface PageMeta {
  /** Without the site name (documentTitle adds it when it fits). Empty: the site name alone. */
  title?: string;
  description: string;
  /** Site-relative path with a trailing slash, e.g. /services/womens-wax/. */
  path: string;
  image?: string;
  noindex?: boolean;
  type?: 'website' | 'article';
}

const DESCRIPTION_MAX = 160;
/** About what a search result shows of a title before cutting it off. */
export const TITLE_MAX = 60;

/**
 * A page's <title>: '{title} | {site name}' when that fits in TITLE_MAX characters, else the title alone, so that a
 * search result shows what the page is rather than half of it and half of the name (results name the site anyway).
 */
export function documentTitle(title: string | undefined): string {
  if (!title) return SITE_NAME;
  const branded = `${title} | ${SITE_NAME}`;
  return branded.length <= TITLE_MAX ? branded : title;
}

/**
 * The picture a shared link shows when its page has none of its own: the brand's card (public/images/share.png,
 * drawn by scripts/share-image.mjs at the size Open Graph asks for).
 */
export const SHARE_IMAGE = { url: '/images/share.png', width: 1200, height: 630, alt: SITE_NAME } as const;

/** Trims a description to what search engines show, at a word boundary. */
export function clampDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Title, description, canonical link and Open Graph tags of one page. */
export function pageMetadata(meta: PageMeta): Metadata {
  if (!meta.path.startsWith('/') || !meta.path.endsWith('/')) throw new Error(`Canonical paths start and end with '/': ${meta.path}`);
  const description = clampDescription(meta.description);
  const ogTitle = documentTitle(meta.title);
  return {
    title: { absolute: ogTitle },
    description,
    alternates: { canonical: meta.path },
    openGraph: {
      title: ogTitle,
      description,
      url: meta.path,
      siteName: SITE_NAME,
      type: meta.type ?? 'website',
      locale: 'en_US',
      images: [meta.image ? { url: meta.image } : SHARE_IMAGE],
    },
    // No twitter:image tags: X takes og:image (Next.js would copy the picture's four tags into every page again).
    twitter: { card: 'summary_large_image', title: ogTitle, description, images: [] },
    ...(meta.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** Metadata of a service menu or service page. */
export function catalogPageMetadata(page: { title: string; description: string; canonicalPath: string; noindex: boolean; image?: string }): Metadata {
  return pageMetadata({ title: page.title, description: page.description, path: page.canonicalPath, noindex: page.noindex, image: page.image });
}
