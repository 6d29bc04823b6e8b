'use server';

import { redirect, RedirectType } from 'next/navigation';
import { callHandler, formText } from '@/lib/forms/call-handler';
import { createSubscriptionHandler } from '@/lib/marketing/handlers';
import { ENHANCED_FIELD, type FormState } from '@/components/forms/form-state';
import { ALREADY_SUBSCRIBED, FAILED_TO_SUBSCRIBE, SUBSCRIBED, SUBSCRIBE_URL, SUBSCRIPTION_CREATED_BY, SUBSCRIPTION_RESULT_PATH, type SubscribeOutcome } from './messages';
import { subscribeOutcome } from './subscribe';

const MESSAGES: Record<SubscribeOutcome, string> = { subscribed: SUBSCRIBED, already: ALREADY_SUBSCRIBED, failed: FAILED_TO_SUBSCRIBE };

/**
 * The 'Receive Offers' form's server action: {email, createdBy} (and the honeypot) to the subscription handler of
 * the JSON API, read as subscribed, already subscribed or failed. Posted by the browser itself (no scripts), it
 * answers with a redirect (303) to the result page.
 */
export async function subscribeAction(_previous: FormState<SubscribeOutcome>, data: FormData): Promise<FormState<SubscribeOutcome>> {
  const website = formText(data, 'website');
  let outcome: SubscribeOutcome;
  try {
    const answer = await callHandler(createSubscriptionHandler, SUBSCRIBE_URL, { email: formText(data, 'email').trim(), createdBy: SUBSCRIPTION_CREATED_BY, ...(website ? { website } : {}) });
    outcome = subscribeOutcome(answer.status, answer.body);
  } catch (error) {
    console.error('Subscription failed', error);
    outcome = 'failed';
  }
  if (data.get(ENHANCED_FIELD) !== '1') redirect(`${SUBSCRIPTION_RESULT_PATH}?result=${outcome}`, RedirectType.push);
  return { outcome: outcome === 'failed' ? 'error' : 'ok', message: MESSAGES[outcome], fields: {}, values: {}, data: outcome };
}
