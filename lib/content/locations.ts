import { minuteToTime } from '@/lib/catalog/day-hours';
import { hoursTableOf } from '@/lib/catalog/hours';
import { LOCATIONS, type LocationId, type LocationSlug } from '@/lib/catalog/tables';

/** Postal and contact details of each salon, for the location pages, the footer and JSON-LD. */
export interface SalonLocation {
  id: LocationId;
  slug: LocationSlug;
  name: string;
  street: string;
  locality: string;
  region: 'NY';
  postalCode: string;
  /** E.164-like, for tel: links and JSON-LD. */
  phone: string;
  phoneDisplay: string;
  neighbourhood: string;
  transit: string;
  latitude: number;
  longitude: number;
}

const DETAILS: Record<LocationSlug, Omit<SalonLocation, 'id' | 'slug' | 'name'>> = {
  soho: {
    street: '131 Spring Street, 2nd Floor',
    locality: 'New York',
    region: 'NY',
    postalCode: '10012',
    phone: '+1-212-555-0148',
    phoneDisplay: '(212) 555-0148',
    neighbourhood: 'SoHo, between Wooster and Greene Streets',
    transit: 'C/E to Spring St, R/W to Prince St, 6 to Spring St',
    latitude: 40.7246,
    longitude: -74.0012,
  },
  midtown: {
    street: '18 West 45th Street, Suite 502',
    locality: 'New York',
    region: 'NY',
    postalCode: '10036',
    phone: '+1-212-555-0163',
    phoneDisplay: '(212) 555-0163',
    neighbourhood: 'Midtown, steps from Fifth Avenue',
    transit: 'B/D/F/M to 47-50 Sts-Rockefeller Ctr, 7 to 5 Av',
    latitude: 40.7561,
    longitude: -73.9806,
  },
  williamsburg: {
    street: '214 Bedford Avenue',
    locality: 'Brooklyn',
    region: 'NY',
    postalCode: '11249',
    phone: '+1-718-555-0127',
    phoneDisplay: '(718) 555-0127',
    neighbourhood: 'Williamsburg, at North 5th Street',
    transit: 'L to Bedford Av',
    latitude: 40.7178,
    longitude: -73.9576,
  },
  nolita: {
    street: '245 Mulberry Street',
    locality: 'New York',
    region: 'NY',
    postalCode: '10012',
    phone: '+1-212-555-0191',
    phoneDisplay: '(212) 555-0191',
    neighbourhood: 'Nolita, between Prince and Spring Streets',
    transit: '6 to Spring St, N/R/W to Prince St',
    latitude: 40.7232,
    longitude: -73.9959,
  },
};

export const SALON_LOCATIONS: readonly SalonLocation[] = LOCATIONS.map((location) => ({
  id: location.id,
  slug: location.slug,
  name: location.name,
  ...DETAILS[location.slug],
}));

export function salonLocationBySlug(slug: string): SalonLocation | undefined {
  return SALON_LOCATIONS.find((location) => location.slug === slug);
}

export function salonLocationById(id: number): SalonLocation | undefined {
  return SALON_LOCATIONS.find((location) => location.id === id);
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface OpeningRow {
  label: string;
  days: (typeof DAY_NAMES)[number][];
  /** 'HH:mm' New York time ('24:00': midnight); null on the days the location is closed. */
  opens: string | null;
  closes: string | null;
}

/**
 * A location's weekly opening hours (lib/catalog/hours.ts, as the owner sets them), with consecutive days of equal
 * hours merged: Monday–Friday, Saturday, Sunday. Special hours of single dates are not part of the week.
 */
export function openingRows(location: number): OpeningRow[] {
  const week = hoursTableOf(location).week;
  const order = [1, 2, 3, 4, 5, 6, 0] as const;
  const rows: OpeningRow[] = [];
  for (const day of order) {
    const hours = week[day];
    const opens = hours ? minuteToTime(hours.open) : null;
    const closes = hours ? minuteToTime(hours.close) : null;
    const last = rows[rows.length - 1];
    if (last && last.opens === opens && last.closes === closes) last.days.push(DAY_NAMES[day]);
    else rows.push({ label: '', days: [DAY_NAMES[day]], opens, closes });
  }
  for (const row of rows) row.label = row.days.length > 1 ? `${row.days[0]}–${row.days.at(-1)}` : (row.days[0] ?? '');
  return rows;
}

export function formatAddress(location: SalonLocation): string {
  return `${location.street}, ${location.locality}, ${location.region} ${location.postalCode}`;
}
