/** The site's main links, shared by the header and the narrow-screen drawer (the footer's are in footer-nav.ts). */
export const MAIN_LINKS = [
  { href: '/services/', label: 'Services' },
  { href: '/specials/', label: 'Specials' },
  { href: '/locations/', label: 'Locations' },
] as const;

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
