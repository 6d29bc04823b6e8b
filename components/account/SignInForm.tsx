'use client';

import Link from '@/components/ui/AppLink';
import { useRouter } from 'next/navigation';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { useStoreApis } from '@/stores/provider';
import type { SignedIn } from './account-state';
import { signInAction } from './actions';
import { Field, FormMessage, NoScriptMark, SubmitButton } from './Field';
import { PASSKEY_EMAIL_AUTOCOMPLETE, PasskeyAutofill } from './PasskeySignInButton';
import { withReturn } from './return-path';

export const PASSWORD_CHANGED = 'Your password is changed. Please sign in with the new one.';

/**
 * Posts to its server action, so it works before the scripts load and without them (a 303 to the return path on
 * success). With them, the auth store learns of the sign-in and the page navigates to the return path.
 * `returnPath` (the page's ?url=, checked by safeReturnPath) travels in a hidden field.
 */
/** `answer`: the answer to a form the browser posted itself, shown on the page its redirect led to. */
export function SignInForm({ returnPath, passwordChanged = false, answer }: { returnPath: string; passwordChanged?: boolean; answer?: FormState }) {
  const router = useRouter();
  const stores = useStoreApis();
  const { state, pending, formAction, onSubmit } = useEnhancedForm(signInAction, (answer as FormState<SignedIn> | undefined) ?? idleState<SignedIn>(), {
    onSend: () => {
      stores.auth.getState().signInRequested();
      stores.ui.getState().startProgress();
    },
    onAnswer: (answer) => {
      stores.ui.getState().endProgress();
      if (answer.outcome === 'ok' && answer.data) {
        const { profile } = answer.data;
        stores.auth.getState().signInSucceeded({ customerId: profile.id, name: profile.name, email: profile.email });
        router.push(answer.data.returnPath);
      } else {
        stores.auth.getState().signInFailed();
      }
    },
  });
  const signedIn = state.outcome === 'ok';

  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
      <NoScriptMark />
      <input type="hidden" name="returnPath" value={returnPath} />
      {passwordChanged && state.outcome === 'idle' ? (
        <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
          {PASSWORD_CHANGED}
        </p>
      ) : null}
      <FormMessage message={state.outcome === 'error' ? state.message : undefined} />
      <PasskeyAutofill returnPath={returnPath} />
      <Field name="email" label="E-mail" type="email" autoComplete={PASSKEY_EMAIL_AUTOCOMPLETE} required defaultValue={state.values.email} error={state.fields.email} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required error={state.fields.password} />
      <SubmitButton pending={pending || signedIn}>Sign in</SubmitButton>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link href="/resetemail/" className="text-brand-700 underline">
          Forgot your password?
        </Link>
        <Link href={withReturn('/signup/', returnPath)} className="text-brand-700 underline">
          New here? Create an account
        </Link>
      </p>
    </form>
  );
}
