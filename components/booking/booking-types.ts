import type { CustomerSummary, OwnedPackageSummary } from '@/lib/booking/customer-summary';
import type { AreaId } from '@/lib/catalog/tables';

/** What the booking page needs to know about a service in the cart; the server reads it from the catalogue. */
export interface ServiceSummary {
  id: string;
  name: string;
  areaId: number;
  svcType: number;
  gen: 0 | 1;
  /** Minutes booked (the catalogue's duration field). */
  duration: number;
  /** The duration as the menu shows it ('45 min'). */
  shownDuration: string;
  /** Minutes as the menu shows them. */
  shownMinutes: number;
  price: number;
  /** The deposit booking it online asks for, in cents (lib/deposits/rule.ts); absent or 0 for none. */
  depositCents?: number;
  /** The locations that book it online (isBookableAt): where the booking page offers to take it. */
  onlineAt: number[];
}

export interface TherapistOption {
  id: number;
  name: string;
}

/** Therapists by location, then by area ('Any Therapists' first). */
export type TherapistTable = Record<string, Partial<Record<AreaId, TherapistOption[]>>>;

export type { CustomerSummary, OwnedPackageSummary };

/** A free patch test that fits a laser service of the cart (same gender and body area). */
export interface PatchTestSuggestion {
  laserServiceId: string;
  laserName: string;
  patch: ServiceSummary;
}

/** A service the desk can add while booking for a customer: its summary is in BookingContext.services. */
export interface DeskServiceOption {
  id: string;
  /** 'Women · Wax'. */
  label: string;
  /** The locations where some therapist does it: where the desk may book it, online or not (Williamsburg). */
  at: number[];
}

/**
 * Staff booking for a customer (back-office mode, /booking/{custid}/): the page books through the back-office path,
 * applies the desk's slot (/desk/book/'s location, date, time and therapist) and offers a service search.
 */
export interface BackOffice {
  slot: { location?: number; date?: string; time?: string; therapist?: number };
  services: DeskServiceOption[];
}

/** Everything the server hands to the booking island beside the card. */
export interface BookingContext {
  services: Record<string, ServiceSummary>;
  therapists: TherapistTable;
  customer: CustomerSummary | null;
  /** Said above the cart when the customer's account could not be loaded (the upstream salon API is down). */
  accountNotice?: string | null;
  /** Set when a staff member books for the customer. */
  backOffice?: BackOffice | null;
  patchTests: PatchTestSuggestion[];
  /** Services an address names (the waitlist's link, lib/booking/linked-services.ts) and their location. */
  linked?: { ids: string[]; location: number };
  /** Today in New York, 'YYYY-MM-DD', and the last bookable day. */
  today: string;
  lastDay: string;
  /**
   * A visitor who asked for a sign-in code minutes ago (lib/auth/code-recipient.ts): the sign-in step opens at the
   * code, as it was before the reload or the trip to the mail app.
   */
  codeSent?: { outcome: 'ok'; message: string; fields: Record<string, string>; values: Record<string, string> };
}
