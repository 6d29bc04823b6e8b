'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_MIN, signUpSchema } from '@/lib/auth/schemas';
import { useStoreApis } from '@/stores/provider';
import { withProgress } from '@/stores/ui-store';
import { formValues, submitJson, type FieldErrors } from './account-request';
import { Field, FormMessage, Honeypot, SubmitButton } from './Field';
import { useReturnPath, withReturn } from './use-return-path';

interface Profile {
  id: string;
  name: string;
  email: string;
}

/** `botCheck` is the Turnstile widget when the site has keys (a server slot), else nothing. */
export function SignUpForm({ botCheck }: { botCheck?: ReactNode }) {
  const router = useRouter();
  const stores = useStoreApis();
  const returnPath = useReturnPath();
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const { 'cf-turnstile-response': botToken, ...values } = formValues(event.currentTarget);
    const body = botToken ? { ...values, botToken } : values;
    stores.auth.getState().signInRequested();
    const result = await withProgress(stores.ui, () => submitJson<Profile>('/api/auth/signup/', signUpSchema, body));
    if (result.ok) {
      stores.auth.getState().signInSucceeded({ customerId: result.data.id, name: result.data.name, email: result.data.email });
      router.push(returnPath);
      return;
    }
    stores.auth.getState().signInFailed();
    setFields(result.fields);
    setMessage(result.message);
    setPending(false);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create an account">
      <FormMessage message={message} />
      <Field name="name" label="Name" autoComplete="name" required error={fields.name} />
      <Field name="email" label="E-mail" type="email" autoComplete="email" required error={fields.email} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong one.`}
        error={fields.password}
      />
      <Honeypot />
      {botCheck}
      {fields.botToken ? <p className="text-sm font-semibold text-red-800">{fields.botToken}</p> : null}
      <SubmitButton pending={pending}>Create account</SubmitButton>
      <p className="text-sm">
        Already have an account?{' '}
        <Link href={withReturn('/signin/', returnPath)} className="text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
