import type { Tier } from './build';

/** Package tiers of specification section 9, by section. Discount ids: 7 50%, 8 40%, 9 35%, 10 30%, 11 25%, 12 20%, 14 15%, 15 10%. */
export const TIERS = {
  womensWax: [{ size: 3, discId: 15 }, { size: 6, discId: 12 }],
  womensWaxPremium: [{ size: 3, discId: 14 }, { size: 6, discId: 12 }],
  womensLaser: [{ size: 3, discId: 14 }, { size: 6, discId: 12 }, { size: 9, discId: 11 }],
  womensLaserBikini: [{ size: 3, discId: 14 }, { size: 6, discId: 10 }, { size: 9, discId: 9 }],
  /** The spring laser sale: a first session at 40% off. */
  womensLaserFeatured: [{ size: 1, discId: 8, special: true }, { size: 3, discId: 14 }, { size: 6, discId: 12 }, { size: 9, discId: 11 }],
  mensWax: [{ size: 3, discId: 15 }, { size: 6, discId: 12 }],
  mensLaser: [{ size: 3, discId: 14 }, { size: 6, discId: 12 }, { size: 9, discId: 11 }],
  mensLaserBrozilian: [{ size: 3, discId: 12 }, { size: 6, discId: 11 }, { size: 9, discId: 10 }],
  browsThreading: [{ size: 3, discId: 15 }, { size: 6, discId: 14 }],
  sugaring: [{ size: 3, discId: 15 }, { size: 6, discId: 12 }],
  facials: [{ size: 3, discId: 15 }, { size: 6, discId: 14 }],
  firstFacial: [{ size: 1, discId: 8, special: true }, { size: 3, discId: 15 }, { size: 6, discId: 14 }],
  massage: [{ size: 3, discId: 15 }, { size: 6, discId: 14 }],
  lymphatic: [{ size: 6, discId: 12 }],
  endospheres: [{ size: 4, discId: 15 }, { size: 6, discId: 14 }],
  cupping: [{ size: 2, discId: 15 }, { size: 5, discId: 14 }],
  tattoo: [{ size: 3, discId: 15 }, { size: 5, discId: 14 }],
  peels: [{ size: 3, discId: 15 }],
  womensIngrown: [{ size: 3, discId: 15, exception: true }, { size: 6, discId: 12 }],
  mensIngrown: [{ size: 3, discId: null }, { size: 6, discId: null }],
} satisfies Record<string, Tier[]>;
