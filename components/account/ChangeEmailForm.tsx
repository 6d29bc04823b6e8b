'use client';

import { useRef } from 'react';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { changeEmailAction } from './actions';
import { DetailsFormMessage } from './DetailsFormMessage';
import { useDetailsAnswer } from './use-details-answer';
import { Field, FormStatus, SubmitButton } from './Field';

/** Asks for a new e-mail address: a link goes to it, and the address changes when it is opened. */
export function ChangeEmailForm({ hasPassword, answer }: { hasPassword: boolean; answer?: FormState }) {
  const form = useRef<HTMLFormElement>(null);
  const handlers = useDetailsAnswer(() => form.current?.reset());
  const { state, pending, formAction, onSubmit } = useEnhancedForm(changeEmailAction, answer ?? idleState(), handlers);
  return (
    <form ref={form} noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change your e-mail address">
      <DetailsFormMessage state={state} />
      <FormStatus message={state.outcome === 'ok' ? state.message : undefined} />
      <Field name="email" label="New e-mail address" type="email" autoComplete="email" required maxLength={254} defaultValue={state.values.email} error={state.fields.email} />
      {hasPassword ? (
        <Field id="field-email-password" name="currentPassword" label="Your password" type="password" autoComplete="current-password" required error={state.fields.currentPassword} />
      ) : null}
      <SubmitButton pending={pending}>Send a confirmation link</SubmitButton>
    </form>
  );
}
