/**
 * The owner's report: one period's figures beside the same-length period before it. The shape shared by the
 * figures (lib/reports/figures.ts), the API (GET /api/desk/reports/) and the page (/desk/reports/).
 */

/** Inclusive New York dates, YYYY-MM-DD. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** 'all' or a location id; on the wire: all | soho | midtown | williamsburg | nolita. */
export type ReportLocation = 'all' | 1 | 2 | 3 | 4;

export interface Money {
  cents: number;
}

export interface ReportFigures {
  /** Appointments created in the period (New York date of creation). */
  bookingsMade: number;
  /** Appointments starting in the period, not cancelled, not no-show. */
  visitsHeld: number;
  /** At the prices booked: appointments starting in the period, not cancelled. */
  bookedValue: Money;
  /** At the prices booked: attendance completed. */
  completedValue: Money;
  /** Service lines paid by a package session (counted apart from the values). */
  packageSessions: number;
  cancellations: { early: number; late: number; byCustomer: number; byStaff: number };
  noShows: number;
  /** noShows / (visitsHeld + noShows), 0 when none. */
  noShowRate: number;
  /** bookingsMade by the customer online. */
  onlineBookings: number;
  /** bookingsMade by staff. */
  deskBookings: number;
  /** Among customers with a visit held in the period. */
  customers: { new: number; returning: number };
}

export interface TherapistUtilisation {
  therapistId: number;
  name: string;
  location: number;
  bookedMinutes: number;
  rosteredMinutes: number;
}

export interface ServiceRank {
  serviceId: string;
  name: string;
  visits: number;
  value: Money;
}

/** Owed: at the period's end. */
export interface PackageFigures {
  sold: number;
  sessionsRedeemed: number;
  sessionsOwed: number;
  owedValue: Money;
}

export interface Report {
  period: ReportPeriod;
  previous: ReportPeriod;
  location: ReportLocation;
  current: ReportFigures;
  before: ReportFigures;
  /** Every date of the period, zeros included. */
  byDay: { date: string; bookingsMade: number; visitsHeld: number }[];
  utilisation: TherapistUtilisation[];
  utilisationBefore: TherapistUtilisation[];
  /** Top 10 each. */
  topServices: { byVisits: ServiceRank[]; byValue: ServiceRank[] };
  packages: PackageFigures;
  packagesBefore: PackageFigures;
}
