'use client';

import { useId, useState } from 'react';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { loadOnce } from '@/lib/client/load-once';
import { useStoreApis } from '@/stores/provider';
import { subscribeAction } from './actions';
import { FAILED_TO_SUBSCRIBE, SUBSCRIBE_NOTICE_MS, type SubscribeOutcome } from './messages';

const VARIANTS = { subscribed: 'success', already: 'info', failed: 'error' } as const;

/**
 * With scripts the form calls the JSON API as the specification's site does; the request, its answer check (zod) and
 * its messages load when the form is sent, not with the home page. The server action serves the form the browser
 * posts itself (docs/decisions.md, 'Receive Offers with scripts calls the API').
 */
const answerCode = loadOnce(() => import('./subscribe-answer'));

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
      // Only an answer read by subscribe-answer.ts says 'subscribed', so it is loaded.
      if (outcome === 'subscribed') answerCode.loaded()?.countSubscription();
    },
    unreachable: (): FormState<SubscribeOutcome> => ({ outcome: 'error', message: FAILED_TO_SUBSCRIBE, fields: {}, values: {}, data: 'failed' }),
    send: (data) => answerCode.load().then((code) => code.sendSubscription(data)),
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
