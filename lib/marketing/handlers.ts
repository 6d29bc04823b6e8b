import 'server-only';
import { apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { assertHuman } from '@/lib/api/bot-check';
import { subscriptionSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { enforceRateLimit } from '@/lib/rate-limit';
import { subscribe } from './subscriptions';

/** POST /api/marketing/createsubscription/, also called by the 'Receive Offers' form's server action. */
export const createSubscriptionHandler = apiHandler(async (request) => {
  const input = await parseJsonBody(request, subscriptionSchema);
  const client = clientAddress(request);
  const db = await getDb();
  await enforceRateLimit(db, 'subscription', { client, address: input.email });
  await assertHuman(input, client);
  await subscribe(db, { email: input.email, createdBy: input.createdBy });
  return json({ ok: true, message: 'Subscribed successfully!' }, { status: 201 });
});
