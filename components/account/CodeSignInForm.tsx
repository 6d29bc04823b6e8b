'use client';

import Link from '@/components/ui/AppLink';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { useStoreApis } from '@/stores/provider';
import type { Profile, SignedIn } from './account-state';
import { codeSignInAction } from './code-actions';
import { codePagePath } from './code-form';
import { Field, FormMessage, NoScriptMark, SubmitButton } from './Field';
import { PASSKEY_EMAIL_AUTOCOMPLETE, PasskeyAutofill } from './PasskeySignInButton';
import { withReturn } from './return-path';

/** Six digits, as the mail gives them: the code field sends itself at the sixth. */
export const isWholeCode = (value: string) => /^\d{6}$/.test(value);

export interface CodeSignInFormProps {
  returnPath: string;
  /** The answer to a form the browser posted itself (lib/forms/flash.ts). */
  answer?: FormState;
  /** Runs before a code is asked for; a sentence it returns stops the request and is shown (the booking's hold). */
  beforeCodeRequest?: () => Promise<string | undefined>;
  /** Instead of going to the return path once signed in (the booking page stays where it is). */
  onSignedIn?: (profile: Profile) => void;
  /** Shown with the code step (the booking's 'your times are held until …'). */
  notice?: string;
  /** The link to the password form (the booking page has its own buttons for it). */
  passwordLink?: boolean;
}

/**
 * Sign-in by e-mail code: an e-mail address, then on one screen the six-digit code mailed to it and, for a new
 * customer, their name (the field is there for everyone; the sixth digit of the code sends the form). One form, one server action (code-actions.ts): it posts before the scripts load and without them, and with
 * them sends the same action in place. The answer says which step comes next (values.step).
 */
export function CodeSignInForm(props: CodeSignInFormProps) {
  // Starting over remounts the form: a fresh first step, whatever the last answer was.
  const [round, setRound] = useState(0);
  return <CodeForm key={round} {...props} answer={round === 0 ? props.answer : undefined} startedOver={round > 0} onStartOver={() => setRound((n) => n + 1)} />;
}

function CodeForm({
  returnPath,
  answer,
  beforeCodeRequest,
  onSignedIn,
  onStartOver,
  startedOver,
  notice,
  passwordLink = true,
}: CodeSignInFormProps & { onStartOver: () => void; startedOver: boolean }) {
  const router = useRouter();
  const stores = useStoreApis();
  const initial = (answer as FormState<SignedIn> | undefined) ?? idleState<SignedIn>();
  const { state, pending, formAction, onSubmit } = useEnhancedForm(codeSignInAction, initial, {
    send: async (data): Promise<FormState<SignedIn>> => {
      if (data.get('step') !== 'code' && beforeCodeRequest) {
        const problem = await beforeCodeRequest();
        if (problem) return { outcome: 'error', message: problem, fields: {}, values: { email: String(data.get('email') ?? ''), step: 'email' } };
      }
      return codeSignInAction(initial, data);
    },
    onSend: () => stores.ui.getState().startProgress(),
    onAnswer: (next: FormState<SignedIn>) => {
      stores.ui.getState().endProgress();
      if (next.outcome !== 'ok' || !next.data) return;
      const { profile } = next.data;
      stores.auth.getState().signInSucceeded({ customerId: profile.id, name: profile.name, email: profile.email });
      if (onSignedIn) onSignedIn(profile);
      else router.push(next.data.returnPath);
    },
  });
  const signedIn = state.outcome === 'ok' && Boolean(state.data);
  const step = state.values.step === 'code' ? 'code' : 'email';
  const askName = state.values.askName === '1';

  // A step that appears replaces the button just pressed, and the focus would fall to the page: it goes to the
  // step's field instead (the code after 'Send me a code', the name a new address is asked for, the e-mail address
  // after starting over). A page opened at a step (a reload) leaves the focus where it is.
  const autoSent = useRef('');
  const emailField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const shown = useRef({ step, askName });
  useEffect(() => {
    if (step === 'code' && shown.current.step !== 'code') codeField.current?.focus();
    else if (askName && !shown.current.askName) nameField.current?.focus();
    shown.current = { step, askName };
  }, [step, askName]);
  // Once: the router showing this page again after Back re-runs effects too.
  const startOverFocused = useRef(false);
  useEffect(() => {
    if (!startedOver || startOverFocused.current) return;
    startOverFocused.current = true;
    emailField.current?.focus();
  }, [startedOver]);

  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in with an e-mail code">
      <NoScriptMark />
      <input type="hidden" name="returnPath" value={returnPath} />
      <input type="hidden" name="step" value={step} />
      {state.outcome === 'error' && !(state.code === 'name_needed') ? <FormMessage message={state.message} /> : null}
      {step === 'email' ? (
        <>
          <PasskeyAutofill returnPath={returnPath} onSignedIn={onSignedIn} />
          <Field
            ref={emailField}
            name="email"
            label="E-mail"
            type="email"
            autoComplete={PASSKEY_EMAIL_AUTOCOMPLETE}
            required
            defaultValue={state.values.email}
            error={state.fields.email}
            hint="We will e-mail you a six-digit code. No password needed."
          />
          <SubmitButton pending={pending}>Send me a code</SubmitButton>
        </>
      ) : (
        <>
          <input type="hidden" name="email" value={state.values.email ?? ''} />
          {askName ? <input type="hidden" name="askName" value="1" /> : null}
          {state.outcome === 'ok' && state.message ? (
            <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900 wrap-anywhere">
              {state.message} It went to <strong>{state.values.email}</strong>.
            </p>
          ) : null}
          {state.code === 'name_needed' ? (
            <p role="status" className="rounded border border-brand-700 bg-brand-50 px-3 py-2">
              {state.message}
            </p>
          ) : null}
          {notice ? <p className="text-sm font-semibold">{notice}</p> : null}
          {/* Shown to everyone, known address or not (docs/decisions.md, 'No account enumeration'): a new customer
              types it with the code, on this one screen; an account that exists ignores it. */}
          <Field
            ref={nameField}
            name="name"
            label="Your name"
            autoComplete="name"
            hint="Only needed the first time you sign in with this address."
            defaultValue={state.values.name}
            error={state.fields.name}
          />
          <Field
            ref={codeField}
            name="code"
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={20}
            required
            defaultValue={state.values.code}
            error={state.fields.code}
            onChange={(event) => {
              // The sixth digit, typed or pasted, sends the form: the button stays for a code sent again unchanged.
              const code = event.currentTarget.value.trim();
              if (!isWholeCode(code)) autoSent.current = '';
              else if (autoSent.current !== code && !pending) {
                autoSent.current = code;
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <SubmitButton pending={pending || signedIn}>{askName ? 'Create my account and sign in' : 'Sign in'}</SubmitButton>
          <a
            href={codePagePath(returnPath)}
            onClick={(event) => {
              event.preventDefault();
              onStartOver();
            }}
            className="self-start text-sm text-brand-700 underline"
          >
            Use another e-mail address or send a new code
          </a>
        </>
      )}
      {passwordLink ? (
        <p className="text-sm">
          <Link href={withReturn('/signin/', returnPath)} className="text-brand-700 underline">
            Have a password? Sign in with it
          </Link>
        </p>
      ) : null}
    </form>
  );
}
