'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, resetPasswordSchema } from '@/lib/auth/schemas';
import { formValues, submitJson, type FieldErrors } from './account-request';
import { Field, FormMessage, SubmitButton } from './Field';

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await submitJson('/api/auth/resetpassword/', resetPasswordSchema, { ...formValues(event.currentTarget), token });
    if (result.ok) {
      router.push('/signin/?reset=done');
      return;
    }
    if (result.fields.token) {
      router.push('/resetnotvalid/');
      return;
    }
    setFields(result.fields);
    setMessage(result.message);
    setPending(false);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Choose a new password">
      <FormMessage message={message} />
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={fields.password}
      />
      <SubmitButton pending={pending}>Save the new password</SubmitButton>
    </form>
  );
}
