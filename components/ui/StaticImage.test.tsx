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
});
