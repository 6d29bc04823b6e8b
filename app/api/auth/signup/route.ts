import { apiHandler, clientAddress, parseJsonBody } from '@/lib/api';
import { assertHuman } from '@/lib/api/bot-check';
import { signUp } from '@/lib/auth/accounts';
import { signedInResponse } from '@/lib/auth/responses';
import { signUpSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';

export const POST = apiHandler(async (request) => {
  const input = await parseJsonBody(request, signUpSchema);
  const client = clientAddress(request);
  const db = await getDb();
  await enforceRateLimit(db, 'signup', { client, address: input.email });
  await assertHuman(input, client);
  const { profile, token } = await signUp(db, input);
  return signedInResponse(profile, token, 201);
});
