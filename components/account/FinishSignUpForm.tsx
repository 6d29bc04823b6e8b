'use client';

import Link from '@/components/ui/AppLink';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { useSignedInAnswer } from './use-signed-in-answer';
import type { SignedIn } from './account-state';
import { finishSignUpAction } from './actions';
import { FormMessage, NoScriptMark, SubmitButton } from './Field';
import { withReturn } from './return-path';

/**
 * The page of a mailed sign-up link: one button creates the account and signs in (a POST, so that a mail scanner
 * that opens the link creates nothing), then the sign-up's return path opens.
 */
export function FinishSignUpForm({ token, returnPath, answer }: { token: string; returnPath: string; answer?: FormState }) {
  const { state, pending, formAction, onSubmit } = useEnhancedForm(finishSignUpAction, (answer as FormState<SignedIn> | undefined) ?? idleState<SignedIn>(), useSignedInAnswer());

  if (state.outcome === 'error' && (state.code === 'account_exists' || state.code === 'signup_link_not_valid')) {
    const exists = state.code === 'account_exists';
    return (
      <div className="flex flex-col gap-4">
        <FormMessage message={state.message} />
        <Link href={exists ? withReturn('/signin/', returnPath) : withReturn('/signup/', returnPath)} className="self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          {exists ? 'Sign in' : 'Sign up again'}
        </Link>
      </div>
    );
  }

  return (
    <form action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Finish creating your account">
      <NoScriptMark />
      <input type="hidden" name="token" value={token} />
      <FormMessage message={state.outcome === 'error' ? state.message : undefined} />
      <SubmitButton pending={pending || state.outcome === 'ok'}>Create my account</SubmitButton>
    </form>
  );
}
