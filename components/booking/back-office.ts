import 'server-only';
import { backOfficeTarget } from '@/lib/booking/back-office';
import { allServiceItems, isDoneAt } from '@/lib/catalog/catalog';
import { LOCATIONS, SERVICE_TYPE_LABELS, type ServiceTypeFlag } from '@/lib/catalog/tables';
import type { DeskSlot } from '@/lib/desk/book-slot';
import { summarise } from './booking-context';
import type { BackOffice, CustomerSummary, DeskServiceOption, ServiceSummary } from './booking-types';

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
 * /booking/{custid}/ opened by a staff member for another account: that customer, with their packages
 * (lib/booking/back-office.ts), for the page to book through the back-office path. A customer (or a front) gets
 * 'not-staff'.
 */
export async function backOfficeCustomer(requested: string, slot: DeskSlot): Promise<BackOfficeCustomer> {
  const target = await backOfficeTarget(requested);
  return target.kind === 'found' ? { kind: 'found', customer: target.customer, backOffice: { slot, services: deskServices() } } : target;
}
