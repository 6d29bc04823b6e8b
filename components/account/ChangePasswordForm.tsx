'use client';

import { useRef } from 'react';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { changePasswordAction } from './actions';
import { DetailsFormMessage } from './DetailsFormMessage';
import { useDetailsAnswer } from './use-details-answer';
import { Field, FormStatus, NewPasswordField, SubmitButton } from './Field';

/**
 * A new password, after the current one; an account that signs in by e-mail code has none yet and chooses its first.
 * The fields empty after a success: a password is never put back into a field.
 */
export function ChangePasswordForm({ hasPassword, answer }: { hasPassword: boolean; answer?: FormState }) {
  const form = useRef<HTMLFormElement>(null);
  const handlers = useDetailsAnswer(() => form.current?.reset());
  const { state, pending, formAction, onSubmit } = useEnhancedForm(changePasswordAction, answer ?? idleState(), handlers);
  return (
    <form ref={form} noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={hasPassword ? 'Change your password' : 'Choose a password'}>
      <DetailsFormMessage state={state} />
      <FormStatus message={state.outcome === 'ok' ? state.message : undefined} />
      {hasPassword ? <Field name="currentPassword" label="Current password" type="password" autoComplete="current-password" required error={state.fields.currentPassword} /> : null}
      <NewPasswordField error={state.fields.password} />
      <SubmitButton pending={pending}>{hasPassword ? 'Change the password' : 'Save the password'}</SubmitButton>
    </form>
  );
}
