/**
 * The salon's fixed facts. The pages' scripts import them, so no environment is read here: the public origin is
 * `siteUrl()` in lib/env.ts, parsed by the one schema like every variable.
 */

/** The salon's name (lib/catalog/tables.ts re-exports it); here so that pages' scripts need not load the tables. */
export const SITE_NAME = 'Bare & Polished NYC';
export const SITE_DESCRIPTION =
  'Waxing, laser hair removal, brows and lashes, skincare, massage, sugaring and laser tattoo removal in four New York salons. Book online in a minute.';
export const SALON_PHONE = '+1-212-555-0148';
export const SALON_PHONE_DISPLAY = '(212) 555-0148';
