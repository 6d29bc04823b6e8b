/** The front desk's sections, in the order of its navigation. A section is listed once its page exists. */
export const DESK_SECTIONS = [
  { href: '/desk/', label: 'Today' },
  { href: '/desk/customers/', label: 'Customers' },
  { href: '/desk/book/', label: 'Book' },
  { href: '/desk/time-off/', label: 'Time off' },
  { href: '/desk/closures/', label: 'Closures' },
  { href: '/desk/rosters/', label: 'Rosters' },
  { href: '/desk/waitlist/', label: 'Waitlist' },
] as const;
