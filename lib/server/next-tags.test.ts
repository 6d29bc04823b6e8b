import { areTagsExpired, areTagsStale, tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { expireNextTags, nextClockNow } from './next-tags.mjs';

afterEach(() => tagsManifest.clear());

describe('expiring cache tags in Next.js from outside a request', () => {
  it('makes every entry made before carrying the tag a miss, and leaves entries made after and other tags alone', () => {
    const renderedAt = nextClockNow() - 1_000;
    expect(areTagsExpired(['catalog-menu'], renderedAt)).toBe(false);
    expireNextTags(['catalog-menu', 'catalog-team'], nextClockNow() - 10);
    expect(areTagsExpired(['_N_T_/layout', 'catalog-menu'], renderedAt)).toBe(true);
    expect(areTagsStale(['catalog-team'], renderedAt)).toBe(true);
    expect(areTagsExpired(['catalog-hours'], renderedAt)).toBe(false);
    // A page rendered again after the change is fresh.
    expect(areTagsExpired(['catalog-menu'], nextClockNow())).toBe(false);
  });

  it('moves the time on when a tag expires again, so a render between the two is a miss too', () => {
    const first = nextClockNow() - 100;
    expireNextTags(['catalog-menu'], first);
    const renderedBetween = first + 50;
    expect(areTagsExpired(['catalog-menu'], renderedBetween)).toBe(false);
    expireNextTags(['catalog-menu'], first + 60);
    expect(areTagsExpired(['catalog-menu'], renderedBetween)).toBe(true);
  });
});
