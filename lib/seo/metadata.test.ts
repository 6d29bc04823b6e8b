import { clampDescription, pageMetadata, SHARE_IMAGE } from './metadata';
import { SITE_NAME } from '@/lib/site';

describe('page metadata', () => {
  it('gives a title, description, canonical link and Open Graph tags', () => {
    const meta = pageMetadata({ title: "Women's Waxing in NYC", description: 'Waxing for women.', path: '/services/womens-wax/' });
    expect(meta.title).toBe("Women's Waxing in NYC");
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
