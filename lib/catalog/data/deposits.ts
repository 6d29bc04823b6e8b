import type { DepositRuleData } from '@/lib/db/schema/deposits';

/**
 * The deposits the seed asks for (issue 37): the long, costly services whose empty slot hurts most. By SKU, so that
 * drizzle/0220's data step gives a database seeded before it the same rules (keep the two in step).
 */
export const SEED_DEPOSITS: Readonly<Record<string, DepositRuleData>> = {
  // Microblading, women's and men's: $100 of a $600 to $650, 2.5-hour visit.
  WMBL001: { kind: 'fixed', cents: 10000 },
  MMBL001: { kind: 'fixed', cents: 10000 },
  // Brow lamination, brow lamination and tint, lash lamination: a quarter of the price.
  WBRW006: { kind: 'percent', percent: 25 },
  WBRW007: { kind: 'percent', percent: 25 },
  WLSH003: { kind: 'percent', percent: 25 },
  // Laser tattoo removal sessions (not the free consultation): $50.
  WTTR002: { kind: 'fixed', cents: 5000 },
  WTTR003: { kind: 'fixed', cents: 5000 },
  WTTR004: { kind: 'fixed', cents: 5000 },
  WTTR005: { kind: 'fixed', cents: 5000 },
  WTTR006: { kind: 'fixed', cents: 5000 },
  MTTR002: { kind: 'fixed', cents: 5000 },
  MTTR003: { kind: 'fixed', cents: 5000 },
  MTTR004: { kind: 'fixed', cents: 5000 },
  MTTR005: { kind: 'fixed', cents: 5000 },
  MTTR006: { kind: 'fixed', cents: 5000 },
};
