import type { InputHTMLAttributes, Ref } from 'react';
import { NO_SCRIPT_FIELD } from '@/components/forms/form-state';
import { PASSWORD_MIN } from '@/lib/auth/schemas';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The input itself, for a form that moves the focus to it (a step that appears). */
  ref?: Ref<HTMLInputElement>;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const described = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${fieldId}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <input
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700"
        {...input}
      />
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A new password's field, with the rule it must meet (the reset link's page and the details page). */
export function NewPasswordField({ error }: { error?: string }) {
  return (
    <Field name="password" label="New password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} hint={`At least ${PASSWORD_MIN} characters.`} error={error} />
  );
}

/** The form-level message: errors are announced at once (role=alert). */
export function FormMessage({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
      {message}
    </p>
  );
}

/** The form-level news of a success, read out when it appears (role=status). */
export function FormStatus({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
      {message}
    </p>
  );
}

/**
 * A form's send button. While the answer is on its way it reads 'Please wait…' and is aria-disabled, not disabled: a
 * disabled button drops the keyboard's focus to the page, so a screen reader loses its place. A second press then
 * sends nothing (useEnhancedForm's onSubmit returns while pending).
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: string }) {
  return (
    <button type="submit" aria-disabled={pending} className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60">
      {pending ? 'Please wait…' : children}
    </button>
  );
}

/** In a form that signs in: says the browser runs no scripts (form-state.ts, NO_SCRIPT_FIELD). */
export function NoScriptMark() {
  return (
    <noscript>
      <input type="hidden" name={NO_SCRIPT_FIELD} value="1" />
    </noscript>
  );
}

/** A field people never see; bots that fill every input give themselves away. */
export function Honeypot() {
  return (
    <div hidden>
      <label htmlFor="field-website">Leave this empty</label>
      <input id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
