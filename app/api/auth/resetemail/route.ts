import { apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { RESET_EMAIL_ANSWER, requestPasswordReset } from '@/lib/auth/accounts';
import { resetEmailSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';

/** The same answer whether or not the address has an account. */
export const POST = apiHandler(async (request) => {
  const { email } = await parseJsonBody(request, resetEmailSchema);
  const db = await getDb();
  await enforceRateLimit(db, 'resetemail', { client: clientAddress(request), address: email });
  await requestPasswordReset(db, email);
  return json({ ok: true, message: RESET_EMAIL_ANSWER });
});
