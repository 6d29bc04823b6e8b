import 'server-only';
import { listBookings } from '@/lib/booking/appointments/read';
import { packageSummary } from '@/lib/booking/booking-customer';
import { ownedPackages, type OwnedPackage } from '@/lib/booking/packages';
import { serviceById } from '@/lib/catalog/catalog';
import { getDb } from '@/lib/db';
import { customerRecordById, staffNoteOf } from './customers';
import { bookedBookingOf } from '@/lib/booking/booked';

/** A package the customer owns as the desk's customer page lists it. */
export interface CustomerPackageLine {
  key: string;
  title: string;
  service: string;
  left: number;
  total: number;
}

/** The offer's title and the service's name from the menu ('Package', 'Service' for one no longer on it). */
export function packageLine(pkg: Pick<OwnedPackage, 'pkgId' | 'serviceId' | 'sessionsLeft' | 'sessionsTotal'>): CustomerPackageLine {
  const { title } = packageSummary(pkg.pkgId, pkg.serviceId, pkg.sessionsLeft);
  return { key: `${pkg.pkgId}/${pkg.serviceId}`, title, service: serviceById(pkg.serviceId)?.name ?? 'Service', left: pkg.sessionsLeft, total: pkg.sessionsTotal };
}

/**
 * The desk's page of a customer (components/desk/CustomerDetail.tsx): the record, the bookings, the packages and the
 * staff note; undefined for an id that names no customer.
 */
export async function deskCustomerPage(id: string) {
  const db = await getDb();
  const customer = await customerRecordById(db, id);
  if (!customer) return undefined;
  const [{ cards }, owned, note] = await Promise.all([listBookings(db, id), ownedPackages(db, id), staffNoteOf(db, id)]);
  return { customer, bookings: cards.map(bookedBookingOf), packages: owned.map(packageLine), note };
}
