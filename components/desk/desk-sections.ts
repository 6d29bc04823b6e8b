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

/** The owner's sections, after the desk's: only an owner sees them (and only an owner's session gets their pages). */
export const OWNER_SECTIONS = [
  { href: '/desk/menu/', label: 'Menu' },
  { href: '/desk/team/', label: 'Team' },
  { href: '/desk/hours/', label: 'Hours' },
  { href: '/desk/promotions/', label: 'Promotions' },
  { href: '/desk/gift-cards/', label: 'Gift cards' },
  { href: '/desk/activity/', label: 'Activity' },
  { href: '/desk/reports/', label: 'Reports' },
] as const;
