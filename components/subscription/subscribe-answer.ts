import type { FormState } from '@/components/forms/form-state';
import { ALREADY_SUBSCRIBED, FAILED_TO_SUBSCRIBE, SUBSCRIBED, type SubscribeOutcome } from './messages';
import { subscribe } from './subscribe';

/*
 * Receive Offers' request and the reading of its answer: SubscribeForm loads this when the form is sent (with the
 * request's zod check in subscribe.ts), not with the home page.
 */

const MESSAGES: Record<SubscribeOutcome, string> = { subscribed: SUBSCRIBED, already: ALREADY_SUBSCRIBED, failed: FAILED_TO_SUBSCRIBE };

/**
 * The scripts' send: the JSON API, as the specification's site does; the answer as the form's state.
 * @public SubscribeForm loads this module on demand with import(), which the dead-code check does not follow.
 */
export async function sendSubscription(data: FormData): Promise<FormState<SubscribeOutcome>> {
  const website = data.get('website');
  const outcome = await subscribe(String(data.get('email') ?? '').trim(), typeof website === 'string' && website ? { website } : {});
  return { outcome: outcome === 'failed' ? 'error' : 'ok', message: MESSAGES[outcome], fields: {}, values: {}, data: outcome };
}

/**
 * Vercel's event counter loads on a subscription, not with the home page (about 1.3 KB gzip of its first load).
 * @public as sendSubscription.
 */
export function countSubscription() {
  import('@vercel/analytics').then(
    ({ track }) => track('subscribe'),
    (error: unknown) => console.error('Could not load the analytics code', error),
  );
}
