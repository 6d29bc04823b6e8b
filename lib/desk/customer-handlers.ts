import 'server-only';
import { z } from 'zod';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError, json, notFound, parseJsonBody, parseParams } from '@/lib/api';
import { requireStaff } from '@/lib/auth/session';
import { deliverQueued } from '@/lib/booking/mails';
import { getDb } from '@/lib/db';
import { isGuid } from '@/lib/validation';
import { editCustomer } from './customer-edit';
import { customerPagePath, editCustomerSchema, newCustomerSchema, noteSchema, searchQuerySchema } from './customer-schemas';
import { createCustomer, customerById, saveStaffNote, searchCustomers, type DeskCustomer } from './customers';

/**
 * The front desk's customer handlers behind app/api/desk/customers/**: staff only (401 signed out, 403 a customer),
 * checked before anything is read.
 */

const withHref = (customer: DeskCustomer) => ({ ...customer, href: customerPagePath(customer.id) });

/**
 * GET ?q=: up to 20 customers by partial name, e-mail or phone (any common form of a number) and by a misspelt name,
 * best first (lib/desk/customers.ts), and `more` when others match too; 400 for a query under three characters.
 */
export async function searchCustomersHandler(request: Request): Promise<Response> {
  await requireStaff(request);
  const parsed = searchQuerySchema.safeParse(new URL(request.url).searchParams.get('q') ?? '');
  if (!parsed.success) throw new ApiError(400, 'bad_query', parsed.error.issues[0]!.message, { q: parsed.error.issues[0]!.message });
  const { customers, more } = await searchCustomers(await getDb(), parsed.data);
  return json({ query: parsed.data, customers: customers.map(withHref), more });
}

/** POST { name, email?, phone? }: 201 with the new customer; 409 naming the customer when the address has an account. */
export async function createCustomerHandler(request: Request): Promise<Response> {
  await requireStaff(request);
  const input = await parseJsonBody(request, newCustomerSchema);
  const result = await createCustomer(await getDb(), input);
  if (result.kind === 'exists') {
    const message = 'A customer with this e-mail address already exists.';
    const body = { error: { code: 'customer_exists', message, fields: { email: message } }, customer: withHref(result.customer) };
    return json(body, { status: 409 });
  }
  return json(withHref(result.customer), { status: 201, headers: { location: customerPagePath(result.customer.id) } });
}

const customerParams = z.object({ customerId: z.string().refine(isGuid, 'must be a GUID').transform((v) => v.replace(/[{}]/g, '').toLowerCase()) });

/** POST { note }: replaces the desk's note on the customer (404 for no such customer). */
export async function saveNoteHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { customerId } = parseParams(params, customerParams);
  const { note } = await parseJsonBody(request, noteSchema);
  const db = await getDb();
  if (!(await customerById(db, customerId))) throw notFound('No such customer.');
  await saveStaffNote(db, customerId, note, session.user.id);
  return json({ customerId, note });
}

/**
 * POST { name, email, phone }: the desk's correction of a customer ('' removes an address or a number). 200 with the
 * customer and what changed; a new address is mailed to the old and the new one after the answer.
 */
export async function editCustomerHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireStaff(request);
  const { customerId } = parseParams(params, customerParams);
  const input = await parseJsonBody(request, editCustomerSchema);
  const db = await getDb();
  const edit = await editCustomer(db, customerId, input, { userId: session.user.id, name: session.user.name });
  if (edit.mails.length > 0) await afterAnswer(() => deliverQueued(db, edit.mails));
  return json({ ...withHref(edit.customer), walkIn: edit.customer.walkIn, changed: edit.changed });
}
