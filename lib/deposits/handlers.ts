import 'server-only';
import { z } from 'zod';
import { apiHandler, json, notFound, parseJsonBody, parseParams } from '@/lib/api';
import { requireSession, requireStaff } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { abandonPendingDeposit, readPendingDeposit } from './booking';
import { waiveFee } from './fee';

const paramsSchema = z.object({ id: z.uuid('must be the id of a deposit').transform((id) => id.toLowerCase()) });
const noStore = { headers: { 'cache-control': 'no-store' } };
const noSuchDeposit = () => notFound('There is no deposit of yours with this reference.');

/**
 * GET /api/deposits/{id}/: the signed-in customer's deposit as the confirmation page waits for it ('awaiting_payment',
 * 'booked' with the booking's id, 'released' once its hold ran out, 'credited' when it came too late). Someone
 * else's and none at all answer alike (404).
 */
export const readDepositHandler = apiHandler<{ id: string }>(async (request, { params }) => {
  const session = await requireSession(request);
  const { id } = parseParams(params, paramsSchema);
  const deposit = await readPendingDeposit(await getDb(), session.user.id, id);
  if (!deposit) throw noSuchDeposit();
  return json({ deposit }, noStore);
});

/** DELETE /api/deposits/{id}/: the customer gives up paying: the times are let go at once (204); not waiting, 409. */
export const abandonDepositHandler = apiHandler<{ id: string }>(async (request, { params }) => {
  const session = await requireSession(request);
  const { id } = parseParams(params, paramsSchema);
  const db = await getDb();
  if (await abandonPendingDeposit(db, session.user.id, id)) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  const deposit = await readPendingDeposit(db, session.user.id, id);
  if (!deposit) throw noSuchDeposit();
  return json({ deposit }, { status: 409, ...noStore });
});

const waiveBodySchema = z.object({ bookingId: z.uuid('Not a visit.') });

/** POST /api/desk/deposits/waive/ {bookingId}: staff give a visit's kept fee back as account credit (logged with who). */
export const waiveFeeHandler = apiHandler(async (request) => {
  const session = await requireStaff(request);
  const { bookingId } = await parseJsonBody(request, waiveBodySchema);
  const waived = await waiveFee(await getDb(), { bookingId: bookingId.toLowerCase(), staff: { userId: session.user.id, name: session.user.name } });
  return json(waived);
});
