'use client';

import { useActionState, useState, useTransition, type FormEvent } from 'react';
import { ENHANCED_FIELD, NETWORK_FAILED, type FormState } from './form-state';

export type FormAction<S> = (previous: S, data: FormData) => Promise<S>;

/**
 * A form that works before and without JavaScript, and better with it.
 * - `formAction` goes on `<form action>`: the server renders it as a POST of the server action, so a form sent before
 *   the scripts load, or without them, still reaches the action; its answer comes back as this hook's state.
 * - `onSubmit` takes over once the page has hydrated: it sends the same action with ENHANCED_FIELD set, keeps the
 *   fields as typed, shows `pending`, turns a network failure into a message, and hands the answer to `onAnswer`
 *   (store updates, navigation, notices).
 */
export function useEnhancedForm<D>(
  action: FormAction<FormState<D>>,
  initial: FormState<D>,
  options: {
    onSend?: () => void;
    onAnswer?: (state: FormState<D>) => void;
    /** The state when the action cannot be reached (network, a lost chunk); by default NETWORK_FAILED. */
    unreachable?: (previous: FormState<D>) => FormState<D>;
    /** How the scripts send the form, when not through the server action (the same handler by another door). */
    send?: (data: FormData) => Promise<FormState<D>>;
  } = {},
) {
  type S = FormState<D>;
  const [served, formAction] = useActionState<S, FormData>(action, initial);
  const [answer, setAnswer] = useState<S>();
  const [pending, startTransition] = useTransition();
  const state = answer ?? served;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    data.set(ENHANCED_FIELD, '1');
    options.onSend?.();
    startTransition(async () => {
      let next: S;
      try {
        next = options.send ? await options.send(data) : await action(state, data);
      } catch (error) {
        console.error('The form could not be sent', error);
        next = options.unreachable ? options.unreachable(state) : { ...state, outcome: 'error', message: NETWORK_FAILED, fields: {}, data: undefined };
      }
      startTransition(() => setAnswer(next));
      options.onAnswer?.(next);
    });
  }

  /** The state is the answer to a form the browser posted itself: no script has shown it yet. */
  const postedWithoutScripts = answer === undefined && served.outcome !== 'idle';
  return { state, pending, formAction, onSubmit, postedWithoutScripts };
}
