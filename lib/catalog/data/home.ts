/**
 * The home page's banner and 'Latest News' cards as the site launched with them: the seed of an empty database
 * (lib/db/seed.ts), after which the owner edits them at /desk/promotions/. The spring laser sale ran in the spring:
 * it is kept with its dates, so it shows on no other day, and its news card is kept unpublished.
 */

export interface SeedBanner {
  text: string;
  link: string;
  /** New York days, both included. */
  startsOn: string;
  endsOn: string;
}

export interface SeedNewsCard {
  title: string;
  body: string;
  link: string;
  published: boolean;
}

export const SEED_BANNERS: readonly SeedBanner[] = [
  { text: 'Spring laser sale: 40% off laser hair removal packages', link: '/specials/women/laser/', startsOn: '2026-03-20', endsOn: '2026-06-20' },
];

export const SEED_NEWS: readonly SeedNewsCard[] = [
  {
    title: 'Spring laser sale: 40% off',
    body: 'Start your laser course before summer. Packages of three, six and nine sessions are on sale this spring.',
    link: '/specials/women/laser/',
    published: false,
  },
  {
    title: 'Sugaring now at SoHo',
    body: 'Gentle, all-natural hair removal with a paste of sugar, lemon and water – for women and men.',
    link: '/services/sugaring-hair-removal/',
    published: true,
  },
  {
    title: 'Brow lamination in Nolita',
    body: 'Fuller, brushed-up brows that last six to eight weeks. Read our brow tips before you book.',
    link: '/brow-touch-tips/',
    published: true,
  },
];
