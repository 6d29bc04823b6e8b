'use client';

import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { useStoreApis } from '@/stores/provider';
import type { Profile } from './account-state';
import { changeNameAction } from './actions';
import { DetailsFormMessage } from './DetailsFormMessage';
import { useDetailsAnswer } from './use-details-answer';
import { Field, FormStatus, SubmitButton } from './Field';

/** The account's name; with scripts, the header's greeting follows at once (the auth store). */
export function ChangeNameForm({ name, answer }: { name: string; answer?: FormState }) {
  const stores = useStoreApis();
  const handlers = useDetailsAnswer<Profile>((answer) => {
    if (answer.data) stores.auth.getState().signInSucceeded({ customerId: answer.data.id, name: answer.data.name, email: answer.data.email });
  });
  const { state, pending, formAction, onSubmit } = useEnhancedForm(changeNameAction, (answer as FormState<Profile> | undefined) ?? idleState<Profile>({ name }), handlers);
  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Your name">
      <DetailsFormMessage state={state} />
      <FormStatus message={state.outcome === 'ok' ? state.message : undefined} />
      <Field name="name" label="Name" autoComplete="name" required maxLength={100} defaultValue={state.values.name ?? name} error={state.fields.name} />
      <SubmitButton pending={pending}>Save the name</SubmitButton>
    </form>
  );
}
