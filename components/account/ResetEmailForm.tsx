'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { resetEmailSchema } from '@/lib/auth/schemas';
import { formValues, submitJson, type FieldErrors } from './account-request';
import { Field, FormMessage, SubmitButton } from './Field';

export function ResetEmailForm() {
  const router = useRouter();
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await submitJson('/api/auth/resetemail/', resetEmailSchema, formValues(event.currentTarget));
    if (result.ok) {
      router.push('/resetconfirmation/');
      return;
    }
    setFields(result.fields);
    setMessage(result.message);
    setPending(false);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset your password">
      <FormMessage message={message} />
      <Field name="email" label="E-mail" type="email" autoComplete="email" required error={fields.email} />
      <SubmitButton pending={pending}>Send the link</SubmitButton>
    </form>
  );
}
