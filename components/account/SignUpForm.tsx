'use client';

import Link from '@/components/ui/AppLink';
import type { ReactNode } from 'react';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { PASSWORD_MIN } from '@/lib/auth/schemas';
import { useSignedInAnswer } from './use-signed-in-answer';
import type { SignedIn } from './account-state';
import { signUpAction } from './actions';
import { Field, FormMessage, Honeypot, NoScriptMark, SubmitButton } from './Field';
import { withReturn } from './return-path';

/**
 * Posts to its server action, with or without the page's scripts. The answer is the same for every address: check
 * your e-mail (the mailed link creates the account and signs in). With an upstream API that signs in at once, it
 * behaves as the sign-in form. `answer`: the answer to a form the browser posted itself. `botCheck` is the
 * Turnstile widget when the site has keys (a server slot), else nothing.
 */
export function SignUpForm({ returnPath, botCheck, answer }: { returnPath: string; botCheck?: ReactNode; answer?: FormState }) {
  const { state, pending, formAction, onSubmit } = useEnhancedForm(signUpAction, (answer as FormState<SignedIn> | undefined) ?? idleState<SignedIn>(), useSignedInAnswer());

  if (state.outcome === 'ok' && !state.data) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded border border-green-700 bg-green-50 px-4 py-3 text-green-900">
        <p className="font-semibold">{state.message}</p>
        <p>
          The link works once, for one hour. Nothing arrived? Look in your spam folder, or{' '}
          {/* A full load: the form starts afresh (a client navigation to the same page would keep this answer). */}
          <a href={withReturn('/signup/', returnPath)} className="text-brand-700 underline">
            sign up again
          </a>
          .
        </p>
      </div>
    );
  }

  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create an account">
      <NoScriptMark />
      <input type="hidden" name="returnPath" value={returnPath} />
      <FormMessage message={state.outcome === 'error' ? state.message : undefined} />
      <Field name="name" label="Name" autoComplete="name" required defaultValue={state.values.name} error={state.fields.name} />
      <Field name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={state.values.email} error={state.fields.email} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong one.`}
        error={state.fields.password}
      />
      <Honeypot />
      {botCheck}
      {state.fields.botToken ? <p className="text-sm font-semibold text-red-800">{state.fields.botToken}</p> : null}
      <SubmitButton pending={pending || state.outcome === 'ok'}>Create account</SubmitButton>
      <p className="text-sm">
        Already have an account?{' '}
        <Link href={withReturn('/signin/', returnPath)} className="text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
