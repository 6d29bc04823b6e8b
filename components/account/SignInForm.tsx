'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { signInSchema } from '@/lib/auth/schemas';
import { useStoreApis } from '@/stores/provider';
import { withProgress } from '@/stores/ui-store';
import { formValues, submitJson, type FieldErrors } from './account-request';
import { Field, FormMessage, SubmitButton } from './Field';
import { useQueryParam, useReturnPath, withReturn } from './use-return-path';

interface Profile {
  id: string;
  name: string;
  email: string;
}

export const PASSWORD_CHANGED = 'Your password is changed. Please sign in with the new one.';

export function SignInForm() {
  const router = useRouter();
  const stores = useStoreApis();
  const returnPath = useReturnPath();
  const notice = useQueryParam('reset') === 'done' ? PASSWORD_CHANGED : undefined;
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    stores.auth.getState().signInRequested();
    const result = await withProgress(stores.ui, () => submitJson<Profile>('/api/auth/signin/', signInSchema, formValues(event.currentTarget)));
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
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
      {notice ? (
        <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
          {notice}
        </p>
      ) : null}
      <FormMessage message={message} />
      <Field name="email" label="E-mail" type="email" autoComplete="email" required error={fields.email} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required error={fields.password} />
      <SubmitButton pending={pending}>Sign in</SubmitButton>
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
