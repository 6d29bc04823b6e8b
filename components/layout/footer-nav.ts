/**
 * The footer's columns of links. Apart from site-nav.ts: the footer is a client component on every page, and its
 * first load should not carry the header's and the drawer's link lists too.
 */
export const FOOTER_COLUMNS = [
  {
    heading: 'Services',
    links: [
      { href: '/services/', label: 'Services' },
      { href: '/booking/', label: 'Online Booking' },
      { href: '/gift-cards/', label: 'Gift Cards' },
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
