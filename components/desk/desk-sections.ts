/** The front desk's sections, in the order of its navigation. A section is listed once its page exists. */
export const DESK_SECTIONS = [{ href: '/desk/', label: 'Today' }] as const;
