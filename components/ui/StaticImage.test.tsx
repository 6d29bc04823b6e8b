import Image from 'next/image';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticImage } from './StaticImage';

/** The attributes of the one <img> in some markup, sorted, so two renderings compare whatever their order. */
function imgAttributes(html: string): string[] {
  const tag = /<img [^>]*>/.exec(html)?.[0] ?? '';
  return [...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((match) => `${match[1]}=${match[2]}`).sort();
}

describe('StaticImage', () => {
  it.each([
    ['an illustration', { src: '/images/illustrations/wax.svg', width: 240, height: 200, sizes: '(min-width: 640px) 160px, 100vw', className: 'h-28' }],
    ['a photo', { src: '/images/services/wax/women/bikini.jpg', width: 240, height: 200, sizes: '(min-width: 640px) 160px, 100vw' }],
    ['a filling hero', { src: '/images/illustrations/hero.svg', fill: true, sizes: '100vw', className: 'object-cover' }],
  ])('renders the <img> next/image renders: %s', (_name, props) => {
    const ours = imgAttributes(renderToStaticMarkup(<StaticImage alt="" {...props} />));
    expect(ours).toEqual(imgAttributes(renderToStaticMarkup(<Image alt="" {...props} />)));
    expect(ours).toContain('loading=lazy');
  });

  it('a priority picture loads eagerly, as with next/image, and first (a fetch priority instead of a preload)', () => {
    const props = { src: '/images/services/wax/women/bikini.jpg', width: 240, height: 200, sizes: '160px', priority: true };
    const ours = imgAttributes(renderToStaticMarkup(<StaticImage alt="" {...props} />));
    expect(ours).toEqual([...imgAttributes(renderToStaticMarkup(<Image alt="" {...props} />)), 'fetchPriority=high'].sort());
    expect(ours.some((attribute) => attribute.startsWith('loading='))).toBe(false);
  });

  it('a priority illustration is in the HTML as a data URI: no request, no preload, painted with the text', () => {
    const html = renderToStaticMarkup(<StaticImage alt="" src="/images/illustrations/bundles.svg" width={120} height={100} priority />);
    const src = /<img [^>]*src="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml,%3Csvg xmlns=%27http:\/\/www\.w3\.org\/2000\/svg%27 /);
    expect(decodeURIComponent(src.slice('data:image/svg+xml,'.length))).toContain("<rect width='240' height='200' fill='#eef1fb'/>");
    expect(html).not.toContain('fetchPriority');
    expect(html).not.toContain('<link');
    expect(imgAttributes(html)).toContain('decoding=sync');
    // Not a priority picture, or not a shipped illustration: the file, as next/image has it.
    expect(renderToStaticMarkup(<StaticImage alt="" src="/images/illustrations/bundles.svg" width={120} height={100} />)).toContain('src="/images/illustrations/bundles.svg"');
    expect(renderToStaticMarkup(<StaticImage alt="" src="/images/illustrations/none.svg" width={120} height={100} priority />)).toContain('src="/images/illustrations/none.svg"');
  });
});
