'use client';

import { useId, useState } from 'react';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { useStoreApis } from '@/stores/provider';
import { subscribeAction } from './actions';
import { ALREADY_SUBSCRIBED, FAILED_TO_SUBSCRIBE, SUBSCRIBED, SUBSCRIBE_NOTICE_MS, type SubscribeOutcome } from './messages';

const VARIANTS = { subscribed: 'success', already: 'info', failed: 'error' } as const;
const MESSAGES: Record<SubscribeOutcome, string> = { subscribed: SUBSCRIBED, already: ALREADY_SUBSCRIBED, failed: FAILED_TO_SUBSCRIBE };

/**
 * With scripts the form calls the JSON API as the specification's site does; the request and its answer check
 * (zod) load when the form is sent, not with the home page. The server action serves the form the browser posts
 * itself (docs/decisions.md, 'Receive Offers with scripts calls the API').
 */
async function send(data: FormData): Promise<FormState<SubscribeOutcome>> {
  const website = data.get('website');
  const code = await import('./subscribe');
  const outcome = await code.subscribe(String(data.get('email') ?? '').trim(), typeof website === 'string' && website ? { website } : {});
  return { outcome: outcome === 'failed' ? 'error' : 'ok', message: MESSAGES[outcome], fields: {}, values: {}, data: outcome };
}

/** Vercel's event counter loads on a subscription, not with the home page (about 1.3 KB gzip of its first load). */
function countSubscription() {
  import('@vercel/analytics').then(
    ({ track }) => track('subscribe'),
    (error: unknown) => console.error('Could not load the analytics code', error),
  );
}

/**
 * The 'Receive Offers' form: a form of its server action, so it works before the scripts load and without them (the
 * answer then shows in the form). With them, it posts {email, createdBy} to the API and the answer is a 3-second
 * notice. The field is cleared whatever the answer.
 */
export function SubscribeForm() {
  const stores = useStoreApis();
  const id = useId();
  const [email, setEmail] = useState('');
  const { state, pending, formAction, onSubmit, postedWithoutScripts } = useEnhancedForm(subscribeAction, idleState<SubscribeOutcome>(), {
    onSend: () => stores.ui.getState().startProgress(),
    onAnswer: (answer) => {
      const ui = stores.ui.getState();
      ui.endProgress();
      setEmail('');
      const outcome = answer.data ?? 'failed';
      ui.notify({ variant: VARIANTS[outcome], message: answer.message ?? '', duration: SUBSCRIBE_NOTICE_MS });
      if (outcome === 'subscribed') countSubscription();
    },
    unreachable: (): FormState<SubscribeOutcome> => ({ outcome: 'error', message: FAILED_TO_SUBSCRIBE, fields: {}, values: {}, data: 'failed' }),
    send,
  });
  const served = postedWithoutScripts ? (state.data ?? 'failed') : undefined;

  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" aria-label="Receive Offers" action={formAction} onSubmit={onSubmit}>
      <label htmlFor={`${id}-email`} className="sr-only">
        Email
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="{email}"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="rounded border px-3 py-2"
      />
      {/* People never see this field; bots fill it in. */}
      <div hidden>
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" disabled={pending} className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        Subscribe
      </button>
      {served ? (
        // The answer to a form posted before the scripts ran, or without them: shown here, as the notice would.
        <p role={served === 'failed' ? 'alert' : 'status'} data-variant={VARIANTS[served]} className="basis-full font-semibold">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
