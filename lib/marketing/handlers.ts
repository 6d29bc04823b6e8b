import 'server-only';
import { apiHandler, clientAddress, json, parseJsonBody } from '@/lib/api';
import { afterAnswer } from '@/lib/api/after-answer';
import { assertHuman } from '@/lib/api/bot-check';
import { ApiError, toResponse } from '@/lib/api/errors';
import { subscriptionSchema } from '@/lib/auth/schemas';
import { getDb } from '@/lib/db';
import { backend } from '@/lib/backend';
import { env } from '@/lib/env';
import { enforceRateLimit } from '@/lib/rate-limit';
import { sendWelcomeOffers, subscribe, UNSUBSCRIBE_PAGE, unsubscribe, unsubscribeTokenSchema } from './subscriptions';

/** POST /api/marketing/createsubscription/, also called by the 'Receive Offers' form's server action. */
export const createSubscriptionHandler = apiHandler(async (request) => {
  const input = await parseJsonBody(request, subscriptionSchema);
  const client = clientAddress(request);
  const db = await getDb();
  await enforceRateLimit(db, 'subscription', { client, address: input.email });
  await assertHuman(input, client);
  const { unsubscribeToken } = await subscribe(db, { email: input.email, createdBy: input.createdBy });
  await afterAnswer(() => sendWelcomeOffers(db, input.email, unsubscribeToken));
  return json({ ok: true, message: 'Subscribed successfully!' }, { status: 201 });
});

function tokenOf(request: Request): string {
  const parsed = unsubscribeTokenSchema.safeParse(new URL(request.url).searchParams.get('token'));
  if (!parsed.success) throw new ApiError(400, 'invalid', 'The unsubscribe link is not complete.');
  return parsed.data;
}

/**
 * POST /api/marketing/unsubscribe/?token=...: the one-click unsubscribe of RFC 8058, sent by mail programs (Gmail,
 * Apple Mail) from their servers. No Origin check and no session: the token in the subscriber's own mail is the
 * authority, and it is random per subscription, so it cannot be made for another address. Idempotent, as a mail
 * program that tries again expects: a well-formed token that names no subscription (already used, or made up) answers
 * the same 200, since nobody is subscribed under it either way; a malformed one is a 400.
 */
export async function unsubscribeOneClick(request: Request): Promise<Response> {
  try {
    if (!backend().can.mail) throw new ApiError(404, 'not_found', 'Not found.');
    const token = tokenOf(request);
    await unsubscribe(await getDb(), token);
    return json({ ok: true, message: 'Unsubscribed.' });
  } catch (error) {
    return toResponse(error);
  }
}

/** GET on the one-click address (a person who opened it): the page with the button, which works without scripts. */
export async function unsubscribePageRedirect(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const target = new URL(`${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`, env().SITE_URL);
  return new Response(null, { status: 303, headers: { location: target.toString(), 'cache-control': 'no-store' } });
}
