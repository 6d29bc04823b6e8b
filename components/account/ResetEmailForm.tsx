'use client';

import { useRouter } from 'next/navigation';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { resetEmailAction } from './actions';
import { Field, FormMessage, SubmitButton } from './Field';

/** Posts to its server action with or without the page's scripts; either way the next page is /resetconfirmation/. */
export function ResetEmailForm({ answer }: { answer?: FormState }) {
  const router = useRouter();
  const { state, pending, formAction, onSubmit } = useEnhancedForm(resetEmailAction, answer ?? idleState(), {
    onAnswer: (answer) => {
      if (answer.outcome === 'ok') router.push('/resetconfirmation/');
    },
  });

  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset your password">
      <FormMessage message={state.outcome === 'error' ? state.message : undefined} />
      <Field name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={state.values.email} error={state.fields.email} />
      <SubmitButton pending={pending || state.outcome === 'ok'}>Send the link</SubmitButton>
    </form>
  );
}
