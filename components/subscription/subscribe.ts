import * as z from 'zod/mini';
import { SUBSCRIBE_URL, SUBSCRIPTION_CREATED_BY, type SubscribeOutcome } from './messages';

const RECORD_EXISTS = 'DLRecordExists';

// The answer is read only for its error data; the upstream API sends the bare string, ours an error object.
const recordExists = z.union([
  z.literal(RECORD_EXISTS),
  z.object({ data: z.literal(RECORD_EXISTS) }),
  z.object({ error: z.union([z.object({ code: z.literal(RECORD_EXISTS) }), z.object({ data: z.literal(RECORD_EXISTS) })]) }),
]);

/** What a subscription answer means for the form: subscribed (2xx), already (DLRecordExists) or failed. */
export function subscribeOutcome(status: number, body: unknown): SubscribeOutcome {
  if (status >= 200 && status < 300) return 'subscribed';
  if (recordExists.safeParse(body).success) return 'already';
  console.error(`Subscription answered ${status}`);
  return 'failed';
}

/**
 * The scripts' request: {email, createdBy} (and the honeypot when filled) to the JSON API, as the specification's.
 * Loaded on demand with subscribe-answer.ts when the form is sent.
 */
export async function subscribe(email: string, extra: Record<string, string> = {}, fetcher: typeof fetch = fetch): Promise<SubscribeOutcome> {
  try {
    const response = await fetcher(SUBSCRIBE_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ ...extra, email, createdBy: SUBSCRIPTION_CREATED_BY }),
    });
    const body: unknown = await response.json().catch(() => undefined);
    return subscribeOutcome(response.status, body);
  } catch (error) {
    console.error('Subscription failed', error);
    return 'failed';
  }
}
