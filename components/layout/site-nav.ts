/** The site's main links, shared by the header, the narrow-screen drawer and the footer. */
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

export const FOOTER_COLUMNS = [
  {
    heading: 'Services',
    links: [
      { href: '/services/', label: 'Services' },
      { href: '/booking/', label: 'Online Booking' },
    ],
  },
  {
    heading: 'Contact',
    links: [
      { href: '/contact-us/', label: 'Contact Us' },
      { href: '/locations/', label: 'Locations' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { href: '/about-us/', label: 'About Us' },
      { href: '/tips/', label: 'Tips' },
      { href: '/how-to/', label: 'How To' },
      { href: '/site-map/', label: 'Site Map' },
      { href: '/covid-19/', label: 'COVID-19 Information' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { href: '/privacy-policy/', label: 'Privacy Policy' },
      { href: '/terms-of-service/', label: 'Terms of Service' },
      { href: '/sales-and-refunds/', label: 'Sales & Refunds' },
      { href: '/cancellation-policy/', label: 'Cancellation Policy' },
      { href: '/gift-cards-policy/', label: 'Gift Cards Policy' },
    ],
  },
] as const;
