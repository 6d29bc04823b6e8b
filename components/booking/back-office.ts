import 'server-only';
import { readBooking, type BookedCard } from '@/lib/booking/appointments/read';
import { allServiceItems, isDoneAt } from '@/lib/catalog/catalog';
import { LOCATIONS, SERVICE_TYPE_LABELS, type ServiceTypeFlag } from '@/lib/catalog/tables';
import { backend } from '@/lib/backend';
import { customerSummary } from '@/lib/booking/booking-customer';
import { getDb } from '@/lib/db';
import type { DeskSlot } from '@/lib/desk/book-slot';
import { customerById } from '@/lib/desk/customers';
import { isGuid } from '@/lib/validation';
import { summarise } from './booking-context';
import type { BackOffice, CustomerSummary, DeskServiceOption, ServiceSummary } from './booking-types';
import { isDeskRole } from '@/lib/auth/roles';

/**
 * Every service of the catalogue for the desk's service search, labelled 'Women · Wax', with the locations where some
 * therapist does it (the team, /desk/team/): the desk books those, whether or not the location takes it online.
 */
export function deskServices(): DeskServiceOption[] {
  return allServiceItems().map((item) => ({
    id: item.id,
    label: `${item.gen === 1 ? 'Men' : 'Women'} · ${SERVICE_TYPE_LABELS[item.svcType as ServiceTypeFlag] ?? 'Service'}`,
    at: LOCATIONS.filter((location) => isDoneAt(item.id, location.id)).map((location) => location.id),
  }));
}

/** The summaries of every service, so a service the desk adds on the page is known without a round trip. */
export function allServiceSummaries(): Record<string, ServiceSummary> {
  return Object.fromEntries(allServiceItems().map((item) => [item.id, summarise(item)]));
}

export type BackOfficeCustomer = { kind: 'not-staff' } | { kind: 'not-found' } | { kind: 'found'; customer: CustomerSummary; backOffice: BackOffice };

/**
 * /booking/{custid}/ opened by a staff member for another account (embedded backend): that customer, with their
 * packages, for the page to book through the back-office path. A customer (or proxy mode) gets 'not-staff'.
 */
export async function backOfficeCustomer(requested: string, slot: DeskSlot): Promise<BackOfficeCustomer> {
  // The staff's session is the database's: a front keeps none, so its viewer is never staff.
  const viewer = await backend().sessionUser();
  if (!isDeskRole(viewer?.role)) return { kind: 'not-staff' };
  const db = await getDb();
  const target = await customerById(db, requested.replace(/[{}]/g, '').toLowerCase());
  if (!target) return { kind: 'not-found' };
  const customer = await customerSummary(db, { id: target.id, name: target.name, email: target.email ?? '' });
  return { kind: 'found', customer, backOffice: { slot, services: deskServices() } };
}

/**
 * The confirmation page for a booking the desk made (`?customer={id}`): that customer's booking, when a staff member
 * is viewing (embedded backend); undefined otherwise, and the page reads the viewer's own booking as before.
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
