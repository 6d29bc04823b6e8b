'use server';

import { redirect, RedirectType } from 'next/navigation';
import {
  changeEmailHandler,
  changeNameHandler,
  changePasswordHandler,
  closeAccountHandler,
  confirmEmailHandler,
  finishSignUpHandler,
  resetEmailHandler,
  resetPasswordHandler,
  signInHandler,
  signOutHandler,
  signUpHandler,
} from '@/lib/auth/handlers';
import { safeReturnPath } from '@/lib/auth/schemas';
import { callHandler, errorOf, formText, messageOf, type HandlerAnswer } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { ENHANCED_FIELD, type FormState } from '@/components/forms/form-state';
import { ACCOUNT_CLOSED_HEADING, ACCOUNT_CLOSED_PAGE, DETAILS_PAGE, type Profile, type SignedIn } from './account-state';
import { afterSignInWithoutScripts, withReturn } from './return-path';
import { profileOf } from './signed-in-profile';

/**
 * The account forms' server actions. Each calls the JSON API's own handler (lib/auth/handlers.ts), so a form sent
 * with or without JavaScript meets the same checks and answers as the API. Sent by the page's scripts they return
 * the answer. Sent by the browser itself (before the scripts ran, or without them) they redirect (303): a success to
 * where the scripts would go, any other answer back to the form's page, which shows it (lib/forms/flash.ts).
 */

const enhanced = (data: FormData) => data.get(ENHANCED_FIELD) === '1';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The answer for the page's scripts, or, for a form the browser posted, a redirect to its page showing it. */
async function answer<D>(data: FormData, form: string, page: string, state: FormState<D>): Promise<FormState<D>> {
  if (enhanced(data)) return state;
  redirect(await flashFormState(form, state, page), RedirectType.push);
}

function failed<D>(reply: HandlerAnswer, values: Record<string, string>): FormState<D> {
  const { code, message, fields } = errorOf(reply);
  return { outcome: 'error', code, message, fields, values };
}

function signedIn(reply: HandlerAnswer, returnPath: string, data: FormData, values: Record<string, string>): FormState<SignedIn> {
  const profile = profileOf(reply);
  if (!profile) return { outcome: 'error', message: 'Not Valid request', fields: {}, values };
  // Outside the try/catch of callHandler: redirect() throws Next.js's own control-flow error.
  if (!enhanced(data)) redirect(afterSignInWithoutScripts(returnPath, data), RedirectType.push);
  return { outcome: 'ok', fields: {}, values: {}, data: { profile, returnPath } };
}

export async function signInAction(_previous: FormState<SignedIn>, data: FormData): Promise<FormState<SignedIn>> {
  const email = formText(data, 'email');
  const returnPath = safeReturnPath(formText(data, 'returnPath'));
  const reply = await callHandler(signInHandler, '/api/auth/signin/', { email, password: formText(data, 'password') });
  const state = reply.ok ? signedIn(reply, returnPath, data, { email }) : failed<SignedIn>(reply, { email });
  return answer(data, 'signin', withReturn('/signin/', returnPath), state);
}

/**
 * Sign-up answers 202 'check your e-mail' for every address (lib/auth/signup.ts); the account is created by the
 * mailed link. An upstream API (proxy mode) may sign the person in at once instead: then it is a sign-in.
 */
export async function signUpAction(_previous: FormState<SignedIn>, data: FormData): Promise<FormState<SignedIn>> {
  const values = { name: formText(data, 'name'), email: formText(data, 'email') };
  const returnPath = safeReturnPath(formText(data, 'returnPath'));
  const botToken = formText(data, 'cf-turnstile-response');
  const reply = await callHandler(signUpHandler, '/api/auth/signup/', {
    ...values,
    password: formText(data, 'password'),
    website: formText(data, 'website'),
    returnPath,
    ...(botToken ? { botToken } : {}),
  });
  let state: FormState<SignedIn>;
  if (!reply.ok) state = failed(reply, values);
  else if (reply.status !== 202) state = signedIn(reply, returnPath, data, values);
  else {
    state = { outcome: 'ok', message: messageOf(reply), fields: {}, values: {} };
  }
  return answer(data, 'signup', withReturn('/signup/', returnPath), state);
}

/** The mailed sign-up link's button: creates the account and signs in, then goes to the sign-up's return path. */
export async function finishSignUpAction(_previous: FormState<SignedIn>, data: FormData): Promise<FormState<SignedIn>> {
  const token = formText(data, 'token');
  const reply = await callHandler(finishSignUpHandler, '/api/auth/signup/confirm/', { token });
  if (!reply.ok) return answer(data, 'finish-signup', TOKEN.test(token) ? `/signup/confirm/${token}/` : '/signup/', failed<SignedIn>(reply, {}));
  const returnPath = safeReturnPath(String((reply.body as { returnPath?: unknown } | undefined)?.returnPath ?? '/'));
  return signedIn(reply, returnPath, data, {});
}

export async function resetEmailAction(_previous: FormState, data: FormData): Promise<FormState> {
  const email = formText(data, 'email');
  const reply = await callHandler(resetEmailHandler, '/api/auth/resetemail/', { email });
  if (!reply.ok) return answer(data, 'reset-email', '/resetemail/', failed(reply, { email }));
  if (!enhanced(data)) redirect('/resetconfirmation/', RedirectType.push);
  return { outcome: 'ok', fields: {}, values: {} };
}

export async function resetPasswordAction(_previous: FormState, data: FormData): Promise<FormState> {
  const token = formText(data, 'token');
  const reply = await callHandler(resetPasswordHandler, '/api/auth/resetpassword/', { token, password: formText(data, 'password') });
  if (!reply.ok) {
    const state = failed<undefined>(reply, {});
    if (state.fields.token && !enhanced(data)) redirect('/resetnotvalid/', RedirectType.push);
    return answer(data, 'reset-password', TOKEN.test(token) ? `/resetpassword/${token}/` : '/resetnotvalid/', state);
  }
  if (!enhanced(data)) redirect('/signin/?reset=done', RedirectType.push);
  return { outcome: 'ok', fields: {}, values: {} };
}

/** A password field's text, or undefined when left empty (an account without a password sends none). */
const optionalText = (data: FormData, name: string) => formText(data, name) || undefined;

export async function changeNameAction(_previous: FormState<Profile>, data: FormData): Promise<FormState<Profile>> {
  const values = { name: formText(data, 'name') };
  const reply = await callHandler(changeNameHandler, '/api/account/name/', values);
  const profile = reply.ok ? profileOf(reply) : undefined;
  const state: FormState<Profile> = profile
    ? { outcome: 'ok', message: 'Your name is saved.', fields: {}, values: { name: profile.name }, data: profile }
    : failed<Profile>(reply, values);
  return answer(data, 'account-name', `${DETAILS_PAGE}#name-heading`, state);
}

export async function changePasswordAction(_previous: FormState, data: FormData): Promise<FormState> {
  const reply = await callHandler(changePasswordHandler, '/api/account/password/', {
    currentPassword: optionalText(data, 'currentPassword'),
    password: formText(data, 'password'),
  });
  const state: FormState = reply.ok ? { outcome: 'ok', message: messageOf(reply) ?? 'Your new password is saved.', fields: {}, values: {} } : failed(reply, {});
  return answer(data, 'account-password', `${DETAILS_PAGE}#password-heading`, state);
}

export async function closeAccountAction(_previous: FormState, data: FormData): Promise<FormState> {
  const reply = await callHandler(closeAccountHandler, '/api/account/close/', {
    currentPassword: optionalText(data, 'currentPassword'),
    confirm: data.get('confirm') === 'yes',
  });
  if (!reply.ok) return answer(data, 'account-close', `${DETAILS_PAGE}#close-heading`, failed(reply, {}));
  if (!enhanced(data)) redirect(`${ACCOUNT_CLOSED_PAGE}#${ACCOUNT_CLOSED_HEADING}`, RedirectType.push);
  return { outcome: 'ok', fields: {}, values: {} };
}

export async function changeEmailAction(_previous: FormState, data: FormData): Promise<FormState> {
  const values = { email: formText(data, 'email') };
  const reply = await callHandler(changeEmailHandler, '/api/account/email/', { email: values.email, currentPassword: optionalText(data, 'currentPassword') });
  const state: FormState = reply.ok ? { outcome: 'ok', message: messageOf(reply) ?? 'Check your e-mail.', fields: {}, values: {} } : failed(reply, values);
  return answer(data, 'account-email', `${DETAILS_PAGE}#email-heading`, state);
}

/** The button of the link mailed to a new address; its answer comes back to the link's page. */
export async function confirmEmailAction(_previous: FormState<Profile>, data: FormData): Promise<FormState<Profile>> {
  const token = formText(data, 'token');
  const reply = await callHandler(confirmEmailHandler, '/api/account/email/confirm/', { token });
  const profile = reply.ok ? profileOf(reply) : undefined;
  const state: FormState<Profile> = profile
    ? { outcome: 'ok', message: `Your e-mail address is now ${profile.email}.`, fields: {}, values: {}, data: profile }
    : failed<Profile>(reply, {});
  return answer(data, 'confirm-email', TOKEN.test(token) ? `/account/email/${token}/` : DETAILS_PAGE, state);
}

/**
 * Sign out posted by the browser itself (before the scripts ran, or without them): the API's handler ends the session
 * and removes both cookies, then the home page. With scripts the form signs out through useSignOut, which also clears
 * what the page's stores hold.
 */
export async function signOutAction(): Promise<void> {
  await callHandler(signOutHandler, '/api/auth/signout/', {});
  redirect('/', RedirectType.push);
}
