import 'server-only';
import { z } from 'zod';
import { apiHandler, json, parseJsonBody } from '@/lib/api';
import { requireStaff } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { waiveFee } from './fee';

export const waiveBodySchema = z.object({ bookingId: z.uuid('Not a visit.') });

/** POST /api/desk/deposits/waive/ {bookingId}: staff give a visit's kept fee back as account credit (logged with who). */
export const handleWaiveFee = apiHandler(async (request) => {
  const session = await requireStaff(request);
  const { bookingId } = await parseJsonBody(request, waiveBodySchema);
  const waived = await waiveFee(await getDb(), { bookingId: bookingId.toLowerCase(), staff: { userId: session.user.id, name: session.user.name } });
  return json(waived);
});
