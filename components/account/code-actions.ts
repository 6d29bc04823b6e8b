'use server';

import { redirect, RedirectType } from 'next/navigation';
import { signInCodeHandler, signInWithCodeHandler } from '@/lib/auth/handlers';
import { forgetCodeRecipient, rememberCodeRecipient } from '@/lib/auth/code-recipient';
import { safeReturnPath } from '@/lib/auth/schemas';
import { callHandler, errorOf, formText, messageOf } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { ENHANCED_FIELD, type FormState } from '@/components/forms/form-state';
import type { SignedIn } from './account-state';
import { CODE_FORM, codePagePath } from './code-form';
import { afterSignInWithoutScripts } from './return-path';
import { profileOf } from './signed-in-profile';

/**
 * The sign-in-by-code form's server action (components/account/CodeSignInForm.tsx), one action for its two steps:
 * `step` 'email' asks for a code (POST /api/auth/code/), `step` 'code' signs in with it (POST /api/auth/code/verify/).
 * Like the other account forms it calls the API's own handlers and, for a form the browser posted itself, answers
 * with a redirect (303) to /signin/?method=code showing the answer (lib/forms/flash.ts); nothing secret goes into an
 * address. The answer's values say which step to show next. The code step carries the name too, for everyone: a new
 * address's account is made with it, an existing account ignores it.
 */
const enhanced = (data: FormData) => data.get(ENHANCED_FIELD) === '1';

export async function codeSignInAction(_previous: FormState<SignedIn>, data: FormData): Promise<FormState<SignedIn>> {
  const email = formText(data, 'email');
  const returnPath = safeReturnPath(formText(data, 'returnPath'));
  let state: FormState<SignedIn>;
  if (formText(data, 'step') !== 'code') {
    const reply = await callHandler(signInCodeHandler, '/api/auth/code/', { email });
    if (reply.ok) await rememberCodeRecipient(email);
    state = reply.ok
      ? { outcome: 'ok', message: messageOf(reply), fields: {}, values: { email, step: 'code' } }
      : { outcome: 'error', ...errorOf(reply), values: { email, step: 'email' } };
  } else {
    const name = formText(data, 'name');
    const askName = formText(data, 'askName') === '1';
    const reply = await callHandler(signInWithCodeHandler, '/api/auth/code/verify/', { email, code: formText(data, 'code'), name });
    const profile = reply.ok ? profileOf(reply) : undefined;
    if (profile) {
      await forgetCodeRecipient();
      // Outside callHandler's try/catch: redirect() throws Next.js's own control-flow error.
      if (!enhanced(data)) redirect(afterSignInWithoutScripts(returnPath, data), RedirectType.push);
      return { outcome: 'ok', fields: {}, values: {}, data: { profile, returnPath } };
    }
    const error = errorOf(reply);
    const needsName = askName || error.code === 'name_needed';
    // The code goes back into its field only when the name is what is missing: it is still good, and single use.
    // The name typed with the code stays in its field (the code step asks everyone's, docs/decisions.md).
    const values: Record<string, string> = { email, step: 'code', ...(needsName ? { askName: '1' } : {}), ...(needsName || name ? { name } : {}), ...(error.code === 'name_needed' ? { code: formText(data, 'code') } : {}) };
    // The first time a new address is asked for its name, the field is new, not wrong: no error on it yet.
    const fields = error.code === 'name_needed' && !askName ? Object.fromEntries(Object.entries(error.fields).filter(([field]) => field !== 'name')) : error.fields;
    state = reply.ok ? { outcome: 'error', message: 'Not Valid request', fields: {}, values } : { outcome: 'error', ...error, fields, values };
  }
  if (enhanced(data)) return state;
  redirect(await flashFormState(CODE_FORM, state, codePagePath(returnPath)), RedirectType.push);
}
