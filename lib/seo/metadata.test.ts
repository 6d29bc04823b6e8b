import { clampDescription, documentTitle, pageMetadata, SHARE_IMAGE } from './metadata';
import { SITE_NAME } from '@/lib/site';

describe('page metadata', () => {
  it('gives a title, description, canonical link and Open Graph tags', () => {
    const meta = pageMetadata({ title: "Women's Waxing in NYC", description: 'Waxing for women.', path: '/services/womens-wax/' });
    expect(meta.title).toEqual({ absolute: `Women's Waxing in NYC | ${SITE_NAME}` });
    expect(meta.alternates?.canonical).toBe('/services/womens-wax/');
    expect(meta.openGraph).toMatchObject({ title: `Women's Waxing in NYC | ${SITE_NAME}`, url: '/services/womens-wax/', siteName: SITE_NAME });
    expect(meta.robots).toBeUndefined();
  });

  it("shares with the brand's picture unless the page has its own, as a large card", () => {
    const meta = pageMetadata({ title: 'x', description: 'y', path: '/x/' });
    expect(meta.openGraph?.images).toEqual([{ url: '/images/share.png', width: 1200, height: 630, alt: SITE_NAME }]);
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image' });
    expect(pageMetadata({ title: 'x', description: 'y', path: '/x/', image: '/images/services/wax/women/bikini.jpg' }).openGraph?.images).toEqual([{ url: '/images/services/wax/women/bikini.jpg' }]);
    expect(SHARE_IMAGE.url).toBe('/images/share.png');
  });

  it('leaves the site name out of a title it would push past 60 characters', () => {
    const long = "Men's Laser Tattoo Removal, Extra Small Tattoo (XS) at Midtown";
    expect(pageMetadata({ title: long, description: 'y', path: '/x/' }).title).toEqual({ absolute: long });
    expect(pageMetadata({ title: long, description: 'y', path: '/x/' }).openGraph?.title).toBe(long);
    expect(documentTitle('Brazilian Wax for Women')).toBe(`Brazilian Wax for Women | ${SITE_NAME}`);
    expect(documentTitle('x'.repeat(60 - ` | ${SITE_NAME}`.length))).toHaveLength(60);
    expect(documentTitle('x'.repeat(61 - ` | ${SITE_NAME}`.length))).not.toContain(SITE_NAME);
  });

  it('falls back to the site name as the title', () => {
    const meta = pageMetadata({ description: 'Home.', path: '/' });
    expect(meta.title).toEqual({ absolute: SITE_NAME });
    expect(meta.openGraph?.title).toBe(SITE_NAME);
  });

  it('marks pages noindex on request', () => {
    expect(pageMetadata({ title: 'x', description: 'y', path: '/x/', noindex: true }).robots).toEqual({ index: false, follow: true });
  });

  it('refuses a canonical path without its slashes', () => {
    expect(() => pageMetadata({ title: 'x', description: 'y', path: '/services/womens-wax' })).toThrow();
    expect(() => pageMetadata({ title: 'x', description: 'y', path: 'services/' })).toThrow();
  });

  it('clamps long descriptions at a word boundary', () => {
    const long = 'word '.repeat(60);
    const clamped = clampDescription(long);
    expect(clamped.length).toBeLessThanOrEqual(160);
    expect(clamped.endsWith('…')).toBe(true);
    expect(clamped).not.toMatch(/\s…$/);
    expect(clampDescription('  short   text ')).toBe('short text');
  });
});
