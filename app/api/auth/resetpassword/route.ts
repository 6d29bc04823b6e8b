import { apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { resetPassword } from '@/lib/auth/accounts';
import { resetPasswordSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';

export const POST = apiHandler(async (request) => {
  const input = await parseJsonBody(request, resetPasswordSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'resetpassword', { client: clientAddress(request) });
  await resetPassword(db, input);
  return json({ ok: true, message: 'Your password is changed. Please sign in with it.' });
});
