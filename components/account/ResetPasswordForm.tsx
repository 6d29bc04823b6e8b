'use client';

import { useRouter } from 'next/navigation';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { resetPasswordAction } from './actions';
import { FormMessage, NewPasswordField, SubmitButton } from './Field';

/** Posts the new password with the link's token (a hidden field) to its server action, with or without scripts. */
export function ResetPasswordForm({ token, answer }: { token: string; answer?: FormState }) {
  const router = useRouter();
  const { state, pending, formAction, onSubmit } = useEnhancedForm(resetPasswordAction, answer ?? idleState(), {
    onAnswer: (answer) => {
      if (answer.outcome === 'ok') router.push('/signin/?reset=done');
      else if (answer.fields.token) router.push('/resetnotvalid/');
    },
  });

  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Choose a new password">
      <input type="hidden" name="token" value={token} />
      <FormMessage message={state.outcome === 'error' && !state.fields.token ? state.message : undefined} />
      <NewPasswordField error={state.fields.password} />
      <SubmitButton pending={pending || state.outcome === 'ok' || Boolean(state.fields.token)}>Save the new password</SubmitButton>
    </form>
  );
}
