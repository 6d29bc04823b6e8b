import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type RendererObject } from 'marked';
import { z } from 'zod';

/**
 * The site's own content pages (locations, tips, how-it-is-done, legal, about, contact ...) are Markdown files in
 * content/pages/{slug}.md with a small front matter. They are read and rendered at build time only: every page
 * using them is prerendered, so neither the files nor marked reach the browser.
 */

export const CONTENT_KINDS = ['info', 'location', 'tips', 'how', 'legal'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const frontMatterSchema = z.object({
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(200),
  kind: z.enum(CONTENT_KINDS),
  /** Short link text for menus and the site map; the title otherwise. */
  label: z.string().min(1).max(40).optional(),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface ContentPage extends FrontMatter {
  slug: string;
  label: string;
  body: string;
}

/** Splits '---\nkey: value\n---\nbody' into its fields and body. Values are single-line strings. */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Front matter line without a key: ${line}`);
    const key = line.slice(0, colon).trim();
    let value = line.slice(colon + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    data[key] = value;
  }
  return { data, body: text.slice(match[0].length) };
}

export function parseContentPage(slug: string, source: string): ContentPage {
  if (!SLUG.test(slug)) throw new Error(`Not a content slug: ${slug}`);
  const { data, body } = parseFrontMatter(source);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(`content/pages/${slug}.md: ${parsed.error.message}`);
  return { ...parsed.data, slug, label: parsed.data.label ?? parsed.data.title, body };
}

const CONTENT_DIR = path.join(process.cwd(), 'content', 'pages');
let cache: ContentPage[] | undefined;

/** Every content page, sorted by slug. */
export function allContentPages(): ContentPage[] {
  cache ??= readdirSync(CONTENT_DIR)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parseContentPage(file.slice(0, -3), readFileSync(path.join(CONTENT_DIR, file), 'utf8')))
    .sort((a, b) => a.slug.localeCompare(b.slug));
  return cache;
}

export function contentPage(slug: string): ContentPage | undefined {
  return allContentPages().find((page) => page.slug === slug);
}

export function contentPagesOfKind(kind: ContentKind): ContentPage[] {
  return allContentPages().filter((page) => page.kind === kind);
}

/**
 * Markdown to HTML. The page's title is its only h1: the text's top heading level becomes h2 and the others follow
 * it, with no level skipped (a text written from `##` gives h2, not h3). External links open in a new tab without
 * handing over the opener.
 */
export function renderMarkdown(markdown: string): string {
  const instance = new Marked({ gfm: true, async: false });
  const depths = instance.lexer(markdown).flatMap((token) => (token.type === 'heading' ? [token.depth as number] : []));
  const shift = 2 - Math.min(2, ...depths);
  const renderer: RendererObject = {
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      const level = Math.min(depth + shift, 6);
      const id = text.toLowerCase().replace(/<[^>]+>/g, '').replace(/&[a-z]+;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      return `<h${level} id="${id}">${text}</h${level}>\n`;
    },
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const external = /^https?:\/\//.test(href);
      const titleAttr = title ? ` title="${title}"` : '';
      return external
        ? `<a href="${href}"${titleAttr} rel="noopener noreferrer" target="_blank">${text}<span class="sr-only"> (opens in a new tab)</span></a>`
        : `<a href="${href}"${titleAttr}>${text}</a>`;
    },
  };
  instance.use({ renderer });
  return instance.parse(markdown) as string;
}

/** Internal links (/path/) of a Markdown text, for the check that none leads nowhere. */
export function internalLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/[^)\s#?]*)[^)]*\)/g)].map((match) => match[1] ?? '');
}
