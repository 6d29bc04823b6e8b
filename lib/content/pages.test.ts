import { allServiceItems } from '@/lib/catalog/catalog';
import { allGenderedSegments } from '@/lib/catalog/routes';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { allContentPages, contentPage, internalLinks, parseContentPage, parseFrontMatter, renderMarkdown } from './pages';

describe('front matter', () => {
  it('splits fields from the body', () => {
    expect(parseFrontMatter('---\ntitle: "A: B"\nkind: info\n---\n# Body\n')).toEqual({ data: { title: 'A: B', kind: 'info' }, body: '# Body\n' });
    expect(parseFrontMatter('no front matter')).toEqual({ data: {}, body: 'no front matter' });
  });

  it('refuses a page with missing or bad fields', () => {
    expect(() => parseContentPage('x', '---\ntitle: X\n---\nbody')).toThrow(/content\/pages\/x.md/);
    expect(() => parseContentPage('Bad Slug', '---\ntitle: X\n---\n')).toThrow(/slug/);
  });
});

describe('markdown', () => {
  it('steps headings down under the page h1 and opens external links safely', () => {
    const html = renderMarkdown('# Top\n## Sub\n[in](/soho/) [out](https://example.com/)');
    expect(html).toContain('<h2 id="top">Top</h2>');
    expect(html).toContain('<h3 id="sub">Sub</h3>');
    expect(html).toContain('<a href="/soho/">in</a>');
    expect(html).toContain('rel="noopener noreferrer" target="_blank"');
  });

  it('makes a text written from ## start at h2, with no level skipped', () => {
    const html = renderMarkdown('Intro\n\n## What we stand for\n\n### Care\n\n## Our team');
    expect(html).toContain('<h2 id="what-we-stand-for">What we stand for</h2>');
    expect(html).toContain('<h3 id="care">Care</h3>');
    expect(html).toContain('<h2 id="our-team">Our team</h2>');
  });

  it('leaves a heading of every content page at most one level below the one before it, from h2', () => {
    for (const page of allContentPages()) {
      const levels = [...renderMarkdown(page.body).matchAll(/<h(\d)/g)].map((match) => Number(match[1]));
      levels.reduce((previous, level) => {
        expect(level).toBeLessThanOrEqual(previous + 1);
        return level;
      }, 1);
    }
  });
});

const REQUIRED = [
  'locations', 'soho', 'midtown', 'williamsburg', 'nolita', 'contact-us', 'about-us', 'how-to', 'covid-19', 'tips', 'site-map',
  'privacy-policy', 'terms-of-service', 'sales-and-refunds', 'cancellation-policy', 'gift-cards-policy',
  'body-care-tips', 'laser-hair-removal-tips', 'waxing-hair-removal-tips', 'skincare-tips', 'semi-permanent-applications-tips',
  'brow-touch-tips', 'eyelash-extensions-tips', 'ingrown-hair-care-tips',
  'how-hydrafacial-is-done', 'how-microcurrent-facelift-is-done',
];

describe('the content pages', () => {
  const pages = allContentPages();

  it.each(REQUIRED)('serves /%s/ with real text', (slug) => {
    const page = contentPage(slug);
    expect(page).toBeDefined();
    // The tips and site-map pages are mostly the lists generated under their introduction.
    const minWords = slug === 'tips' || slug === 'site-map' ? 15 : 80;
    expect(page!.body.split(/\s+/).length).toBeGreaterThan(minWords);
  });

  it('names every location page after a location', () => {
    expect(pages.filter((page) => page.kind === 'location').map((page) => page.slug).sort()).toEqual(SALON_LOCATIONS.map((l) => l.slug).sort());
  });

  it('has unique titles and no h1 in the Markdown (the title is the h1)', () => {
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    for (const page of pages) expect(page.body).not.toMatch(/^# /m);
  });

  it('links only to pages that exist', () => {
    const known = new Set<string>(['/', '/services/', '/specials/', '/booking/', '/signin/', '/signup/', '/account/', '/account/details/', '/gift-cards/']);
    for (const page of pages) known.add(`/${page.slug}/`);
    for (const { segment } of allGenderedSegments()) {
      known.add(`/services/${segment}/`);
      for (const location of SALON_LOCATIONS) known.add(`/${location.slug}/services/${segment}/`);
    }
    for (const item of allServiceItems()) known.add(`/services/${item.moniker}/`);
    for (const gen of ['women', 'men']) {
      known.add(`/specials/${gen}/`);
      for (const tab of ['wax', 'laser', 'brow-touch', 'skin-care', 'bodycare-massage', 'sugaring']) known.add(`/specials/${gen}/${tab}/`);
    }
    for (const page of pages) for (const link of internalLinks(page.body)) expect([page.slug, link, known.has(link)]).toEqual([page.slug, link, true]);
  });
});
