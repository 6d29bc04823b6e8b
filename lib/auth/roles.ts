import type { UserRole } from '@/lib/db/schema';

export type { UserRole };

/**
 * The three roles (DESIGN.md, 'Roles'): a customer; the front desk (stored as 'staff'), who runs the day at /desk/;
 * the owner, who has all the front desk has and also changes what the salon sells, its team, hours, promotions and
 * roles. One place says which role may do what.
 */
export const ROLE_LABELS: Record<UserRole, string> = { customer: 'Customer', staff: 'Front desk', owner: 'Owner' };

/** The front desk's pages and calls: front desk and owner. */
export function isDeskRole(role: UserRole | null | undefined): boolean {
  return role === 'staff' || role === 'owner';
}

/** The owner's screens and calls (menu, team, hours, promotions, roles, activity, reports). */
export function isOwnerRole(role: UserRole | null | undefined): boolean {
  return role === 'owner';
}

/**
 * The owner's pages under /desk/ (the navigation lists them in components/desk/desk-sections.ts): the desk's gate
 * answers anyone else with the 404 before the page streams (lib/auth/desk-gate.ts).
 */
export const OWNER_DESK_PATHS = ['/desk/menu/', '/desk/team/', '/desk/hours/', '/desk/promotions/', '/desk/gift-cards/', '/desk/activity/', '/desk/reports/'] as const;

/** Whether a desk address is one of the owner's pages. */
export function isOwnerDeskPath(pathname: string): boolean {
  return OWNER_DESK_PATHS.some((path) => pathname === path || pathname === path.slice(0, -1) || pathname.startsWith(path));
}

/** Whether an address is on a list of addresses and `@domain` entries (STAFF_EMAILS, OWNER_EMAILS). */
export function listedIn(email: string, list: readonly string[]): boolean {
  return list.some((entry) => (entry.startsWith('@') ? email.endsWith(entry) : email === entry));
}
