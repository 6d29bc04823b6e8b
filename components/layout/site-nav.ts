/**
 * The narrow-screen drawer's tips links, loaded with it (the main links are in SiteLinks.tsx, with the header; the
 * footer's in footer-nav.ts).
 */
export const TIPS_LINKS = [
  { href: '/waxing-hair-removal-tips/', label: 'Waxing Tips' },
  { href: '/laser-hair-removal-tips/', label: 'Laser Tips' },
  { href: '/brow-touch-tips/', label: 'Brow Tips' },
  { href: '/eyelash-extensions-tips/', label: 'Eyelash Tips' },
  { href: '/skincare-tips/', label: 'Skincare Tips' },
  { href: '/body-care-tips/', label: 'Body Care Tips' },
  { href: '/ingrown-hair-care-tips/', label: 'Ingrown-Hair Tips' },
  { href: '/semi-permanent-applications-tips/', label: 'Microblading Tips' },
] as const;
