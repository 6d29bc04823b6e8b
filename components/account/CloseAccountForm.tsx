'use client';

import { idleState, type FormState } from '@/components/forms/form-state';
import { useEnhancedForm } from '@/components/forms/use-enhanced-form';
import { ACCOUNT_CLOSED_PAGE } from './account-state';
import { closeAccountAction } from './actions';
import { DetailsFormMessage } from './DetailsFormMessage';
import { useDetailsAnswer } from './use-details-answer';
import { Field } from './Field';
import { loadPage } from './load-page';

/**
 * Closes the account, after the password (when it has one) and a tick. Once closed, the next page loads as a new
 * document: the signed-in pages left behind must not come back with Back.
 */
export function CloseAccountForm({ hasPassword, answer }: { hasPassword: boolean; answer?: FormState }) {
  const handlers = useDetailsAnswer(() => loadPage(ACCOUNT_CLOSED_PAGE));
  const { state, pending, formAction, onSubmit } = useEnhancedForm(closeAccountAction, answer ?? idleState(), handlers);
  const closing = pending || state.outcome === 'ok';
  return (
    <form noValidate action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Close your account">
      <DetailsFormMessage state={state} />
      {hasPassword ? (
        <Field id="field-close-password" name="currentPassword" label="Your password" type="password" autoComplete="current-password" required error={state.fields.currentPassword} />
      ) : null}
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            required
            aria-invalid={state.fields.confirm ? true : undefined}
            aria-describedby={state.fields.confirm ? 'field-confirm-error' : undefined}
            className="mt-1 h-5 w-5 shrink-0"
          />
          <span>I understand that closing my account erases my details and cannot be undone.</span>
        </label>
        {state.fields.confirm ? (
          <p id="field-confirm-error" className="text-sm font-semibold text-red-800">
            {state.fields.confirm}
          </p>
        ) : null}
      </div>
      <button type="submit" aria-disabled={closing} className="rounded-full border-2 border-red-800 px-6 py-3 font-semibold text-red-800 hover:bg-red-50 aria-disabled:opacity-60">
        {closing ? 'Please wait…' : 'Close my account'}
      </button>
    </form>
  );
}
