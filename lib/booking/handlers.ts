import 'server-only';
import { z } from 'zod';
import { afterAnswer } from '@/lib/api/after-answer';
import { ApiError, json, notFound, parseJsonBody, parseParams } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { GUID_PATTERN } from '@/lib/catalog/schema';
import { getDb } from '@/lib/db';
import { startDepositBooking } from '@/lib/deposits/booking';
import { assertCanAccess, assertStaff, type Actor } from './appointments/access';
import { createBooking } from './appointments/create';
import { customerExists, listBookings, readBooking } from './appointments/read';
import { updateBooking } from './appointments/update';
import { appointmentCardSchema } from './card-schema';
import { holderFor, holderOf } from './hold-handlers';
import { deliverQueued } from './mails';
import { notifyWaitlistOfChange } from './waitlist';

/**
 * The appointment handlers behind app/api/appointments/**. Each checks who is calling from the session (never from
 * the body or the BnpAuth cookie) before it reads the body; apiHandler adds the Origin check and the error shape.
 */

const id = z
  .string()
  .regex(GUID_PATTERN, 'must be a GUID')
  .refine((v) => v.startsWith('{') === v.endsWith('}'), 'must be a GUID')
  .transform((v) => v.replace(/[{}]/g, '').toLowerCase());

export const customerParamsSchema = z.object({ customerId: id });
export const bookingParamsSchema = z.object({ customerId: id, cid: id });

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/);

export async function actorOf(request: Request): Promise<Actor | null> {
  const session = await getSession(request);
  return session ? { userId: session.user.id, role: session.user.role } : null;
}

function idempotencyKey(request: Request): string | undefined {
  const raw = request.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return undefined;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'bad_idempotency_key', 'Idempotency-Key must be 8 to 128 letters, digits or _ . : -');
  return parsed.data;
}

export async function listAppointments(request: Request, params: unknown): Promise<Response> {
  const { customerId } = parseParams(params, customerParamsSchema);
  assertCanAccess(await actorOf(request), customerId);
  return json(await listBookings(await getDb(), customerId));
}

async function create(request: Request, customerId: string, actor: Actor, createdBy?: string): Promise<Response> {
  const key = idempotencyKey(request);
  const card = await parseJsonBody(request, appointmentCardSchema);
  if (card.header.customerId && card.header.customerId.replace(/[{}]/g, '').toLowerCase() !== customerId) {
    throw new ApiError(422, 'invalid', 'The card belongs to another customer.', { 'header.customerId': 'does not match the address' });
  }
  const db = await getDb();
  if (createdBy && !(await customerExists(db, customerId))) throw notFound('No such customer.');
  // Online, a visit whose services ask for a deposit is held and paid at the shop's checkout first (lib/deposits);
  // the desk books without one.
  if (!createdBy) {
    const { holder, setCookie } = holderFor(request);
    const started = await startDepositBooking(db, { actor, customerId, card, holder, idempotencyKey: key });
    if (started.kind === 'checkout') {
      const { kind: _kind, ...deposit } = started;
      return json({ deposit }, { status: 202, headers: { 'cache-control': 'no-store', ...(setCookie ? { 'set-cookie': setCookie } : {}) } });
    }
    if (started.kind === 'booked') {
      const { confirmation, replayed } = started.result;
      if (confirmation !== null) await afterAnswer(() => deliverQueued(db, [confirmation]));
      return json(started.result.card, { status: replayed ? 200 : 201, headers: replayed ? { 'idempotent-replayed': 'true' } : {} });
    }
  }
  const result = await createBooking(db, { actor, customerId, card, idempotencyKey: key, createdBy, holder: holderOf(request) });
  // Queued with the booking; tried at once after the answer, else by the mail worker.
  if (result.confirmation !== null) await afterAnswer(() => deliverQueued(db, [result.confirmation!]));
  return json(result.card, { status: result.replayed ? 200 : 201, headers: result.replayed ? { 'idempotent-replayed': 'true' } : {} });
}

export async function createAppointment(request: Request, params: unknown): Promise<Response> {
  const { customerId } = parseParams(params, customerParamsSchema);
  // Staff book for others through the back-office path, so that every such booking records who made it.
  const actor = assertCanAccess(await actorOf(request), customerId, false);
  return create(request, customerId, actor);
}

export async function createBackOfficeAppointment(request: Request, params: unknown): Promise<Response> {
  const { customerId } = parseParams(params, customerParamsSchema);
  const actor = assertStaff(await actorOf(request));
  return create(request, customerId, actor, actor.userId);
}

export async function readAppointment(request: Request, params: unknown): Promise<Response> {
  const { customerId, cid } = parseParams(params, bookingParamsSchema);
  assertCanAccess(await actorOf(request), customerId);
  const card = await readBooking(await getDb(), customerId, cid);
  // A booking of someone else and one that does not exist answer alike, so ids cannot be probed.
  if (!card) throw new ApiError(403, 'forbidden', 'You can only reach your own appointments.');
  return json(card);
}

export async function updateAppointment(request: Request, params: unknown): Promise<Response> {
  const { customerId, cid } = parseParams(params, bookingParamsSchema);
  const actor = assertCanAccess(await actorOf(request), customerId);
  const card = await parseJsonBody(request, appointmentCardSchema);
  const db = await getDb();
  const { card: after, before, mails } = await updateBooking(db, { actor, customerId, bookingId: cid, card });
  // The customer hears of every move and cancellation, whoever made it (they or the desk), with a calendar update:
  // queued with the change, tried after the answer.
  if (mails.length > 0) await afterAnswer(() => deliverQueued(db, mails));
  // A time it freed goes to the customers waiting for that day (lib/booking/waitlist.ts), also after the answer.
  await afterAnswer(() => notifyWaitlistOfChange(db, before, after));
  return json(after);
}
