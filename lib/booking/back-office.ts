import 'server-only';
import { isDeskRole } from '@/lib/auth/roles';
import { backend } from '@/lib/backend';
import { getDb } from '@/lib/db';
import { customerById } from '@/lib/desk/customers';
import { isGuid } from '@/lib/validation';
import { readBooking, type BookedCard } from './appointments/read';
import { customerSummary } from './booking-customer';
import type { CustomerSummary } from './customer-summary';

/**
 * The desk's reads for the booking and confirmation pages, for a staff member viewing them. The staff's session is the
 * database's, so a front (which keeps none) never has a staff viewer and these answer as for a customer.
 */

export type BackOfficeTarget = { kind: 'not-staff' } | { kind: 'not-found' } | { kind: 'found'; customer: CustomerSummary };

/** /booking/{custid}/ opened by a staff member for another account: that customer, with their packages. */
export async function backOfficeTarget(requested: string): Promise<BackOfficeTarget> {
  const viewer = await backend().sessionUser();
  if (!isDeskRole(viewer?.role)) return { kind: 'not-staff' };
  const db = await getDb();
  const target = await customerById(db, requested.replace(/[{}]/g, '').toLowerCase());
  if (!target) return { kind: 'not-found' };
  return { kind: 'found', customer: await customerSummary(db, { id: target.id, name: target.name, email: target.email ?? '' }) };
}

/**
 * The confirmation page for a booking the desk made (`?customer={id}`): that customer's booking, when a staff member
 * is viewing; undefined otherwise, and the page reads the viewer's own booking as before.
 */
export async function bookedForCustomer(cid: string, customerId: unknown): Promise<{ kind: 'found'; user: { id: string; name: string; email: string | null }; booking: BookedCard } | undefined> {
  if (!isGuid(customerId) || !isGuid(cid)) return undefined;
  const viewer = await backend().sessionUser();
  if (!isDeskRole(viewer?.role)) return undefined;
  const db = await getDb();
  const customer = await customerById(db, customerId.replace(/[{}]/g, '').toLowerCase());
  const booking = customer ? await readBooking(db, customer.id, cid.replace(/[{}]/g, '').toLowerCase()) : undefined;
  return customer && booking ? { kind: 'found', user: { id: customer.id, name: customer.name, email: customer.email }, booking } : undefined;
}
