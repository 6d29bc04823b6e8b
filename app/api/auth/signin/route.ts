import { apiHandler, clientAddress, parseJsonBody } from '@/lib/api';
import { signIn } from '@/lib/auth/accounts';
import { checkUpstreamSignIn, signedInResponse } from '@/lib/auth/responses';
import { signInSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';

export const POST = apiHandler(
  async (request) => {
    const input = await parseJsonBody(request, signInSchema);
    const db = await getDb();
    await enforceRateLimit(db, 'signin', { client: clientAddress(request), address: input.email });
    const { profile, token } = await signIn(db, input);
    return signedInResponse(profile, token);
  },
  { afterProxy: checkUpstreamSignIn },
);
