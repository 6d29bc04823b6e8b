'use client';

import Link from '@/components/ui/AppLink';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { useStoreApis } from '@/stores/provider';
import { DETAILS_PAGE, type Profile } from './account-state';
import { confirmEmailAction } from './actions';
import { FormMessage, FormStatus, SubmitButton } from './Field';

/** Answers after which the link can do nothing more: the page says so and leads on instead of offering the button. */
const FINAL_ERRORS = new Set(['email_taken', 'email_link_not_valid']);

/**
 * The page of a link mailed to a new address: one button makes it the account's address (a POST, so that a mail
 * scanner that opens the link changes nothing). When this browser is signed in to that account, its header follows.
 * `newEmail`: the address the link would set ('' when the page cannot tell, in proxy mode).
 */
export function ConfirmEmailForm({ token, newEmail, answer }: { token: string; newEmail: string; answer?: FormState }) {
  const stores = useStoreApis();
  const { state, pending, formAction, onSubmit } = useEnhancedForm(confirmEmailAction, (answer as FormState<Profile> | undefined) ?? idleState<Profile>(), {
    onAnswer: (answer) => {
      const profile = answer.outcome === 'ok' ? answer.data : undefined;
      const auth = stores.auth.getState();
      if (profile && auth.profile.isAuth && auth.profile.customerId === profile.id) auth.signInSucceeded({ customerId: profile.id, name: profile.name, email: profile.email });
    },
  });

  const finished = state.outcome === 'ok' || (state.outcome === 'error' && FINAL_ERRORS.has(state.code ?? ''));
  if (finished) {
    return (
      <div className="flex flex-col gap-4">
        {state.outcome === 'ok' ? <FormStatus message={state.message} /> : <FormMessage message={state.message} />}
        <Link href={DETAILS_PAGE} className="self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Go to your details
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Confirm your new e-mail address">
      {newEmail ? <p className="text-lg [overflow-wrap:anywhere]">Use {newEmail} for your account from now on?</p> : null}
      <input type="hidden" name="token" value={token} />
      <FormMessage message={state.outcome === 'error' ? state.message : undefined} />
      <SubmitButton pending={pending}>Confirm the new address</SubmitButton>
    </form>
  );
}
