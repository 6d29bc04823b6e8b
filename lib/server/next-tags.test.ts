import { areTagsExpired, areTagsStale, tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { expireNextTags, nextClockNow } from './next-tags.mjs';

afterEach(() => tagsManifest.clear());

/** Both clocks reading the same time. */
const at = (time: number) => ({ wall: time, next: time });

describe('expiring cache tags in Next.js from outside a request', () => {
  it('makes every entry made before carrying the tag a miss, and leaves entries made after and other tags alone', () => {
    const renderedAt = nextClockNow() - 1_000;
    expect(areTagsExpired(['catalog-menu'], renderedAt)).toBe(false);
    expireNextTags(['catalog-menu', 'catalog-team'], at(nextClockNow() - 10));
    expect(areTagsExpired(['_N_T_/layout', 'catalog-menu'], renderedAt)).toBe(true);
    expect(areTagsStale(['catalog-team'], renderedAt)).toBe(true);
    expect(areTagsExpired(['catalog-hours'], renderedAt)).toBe(false);
    // A page rendered again after the change is fresh.
    expect(areTagsExpired(['catalog-menu'], nextClockNow())).toBe(false);
  });

  it('moves the time on when a tag expires again, so a render between the two is a miss too', () => {
    const first = nextClockNow() - 100;
    expireNextTags(['catalog-menu'], at(first));
    const renderedBetween = first + 50;
    expect(areTagsExpired(['catalog-menu'], renderedBetween)).toBe(false);
    expireNextTags(['catalog-menu'], at(first + 60));
    expect(areTagsExpired(['catalog-menu'], renderedBetween)).toBe(true);
  });

  it('with the wall clock ahead of Next.js\'s, an entry stamped between the two readings is stale, not fresh', () => {
    const next = nextClockNow() - 10;
    const wall = next + 5_000;
    // Next.js stamps an entry with Date.now(): rendered a second before the change by the wall clock.
    const stampedBetween = wall - 1_000;
    expireNextTags(['catalog-promotions'], { wall, next });
    expect(areTagsExpired(['catalog-promotions'], stampedBetween)).toBe(false);
    expect(areTagsStale(['catalog-promotions'], stampedBetween)).toBe(true);
    // An older entry is a miss at once.
    expect(areTagsExpired(['catalog-promotions'], next - 1)).toBe(true);
  });

  it('with the wall clock behind, every entry stamped before the change is a miss at once', () => {
    const next = nextClockNow() - 10;
    const wall = next - 5_000;
    expireNextTags(['catalog-promotions'], { wall, next });
    expect(areTagsExpired(['catalog-promotions'], wall - 1)).toBe(true);
  });
});
