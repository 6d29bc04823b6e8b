import * as z from 'zod/mini';
import { SUBSCRIBE_URL, SUBSCRIPTION_CREATED_BY, type SubscribeOutcome } from './messages';

export {
  ALREADY_SUBSCRIBED,
  FAILED_TO_SUBSCRIBE,
  SUBSCRIBED,
  SUBSCRIBE_NOTICE_MS,
  SUBSCRIBE_URL,
  SUBSCRIPTION_CREATED_BY,
  type SubscribeOutcome,
} from './messages';

const RECORD_EXISTS = 'DLRecordExists';

// The answer is read only for its error data; the upstream API sends the bare string, ours an error object.
const recordExists = z.union([
  z.literal(RECORD_EXISTS),
  z.object({ data: z.literal(RECORD_EXISTS) }),
  z.object({ error: z.union([z.object({ code: z.literal(RECORD_EXISTS) }), z.object({ data: z.literal(RECORD_EXISTS) })]) }),
]);

export async function subscribe(email: string, extra: Record<string, string> = {}, fetcher: typeof fetch = fetch): Promise<SubscribeOutcome> {
  try {
    const response = await fetcher(SUBSCRIBE_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ ...extra, email, createdBy: SUBSCRIPTION_CREATED_BY }),
    });
    if (response.ok) return 'subscribed';
    const body: unknown = await response.json().catch(() => undefined);
    if (recordExists.safeParse(body).success) return 'already';
    console.error(`Subscription answered ${response.status}`);
    return 'failed';
  } catch (error) {
    console.error('Subscription failed', error);
    return 'failed';
  }
}
