import Link from '@/components/ui/AppLink';
import type { FormState } from '@/components/forms/form-state';
import { DETAILS_PAGE, SIGNED_OUT_MESSAGE } from './account-state';
import { FormMessage } from './Field';

/**
 * A details form's error. When the session has ended since the page loaded (another device changed the password,
 * another tab signed out), the answer is a 401: the form says so and links to sign in again, back to this page. An
 * account without a password whose sign-in is not recent is asked to sign in again with a code (403 sign_in_again).
 */
export function DetailsFormMessage({ state }: { state: Pick<FormState<unknown>, 'outcome' | 'code' | 'message'> }) {
  if (state.outcome !== 'error') return null;
  if (state.code === 'unauthorized') {
    return (
      <p role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
        {SIGNED_OUT_MESSAGE}{' '}
        <Link href={`/signin/?url=${encodeURIComponent(DETAILS_PAGE)}`} className="font-semibold underline">
          Sign in again
        </Link>
      </p>
    );
  }
  if (state.code === 'sign_in_again') {
    // An account without a password proves it is its owner by a recent sign-in (lib/auth/account-details.ts).
    return (
      <p role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
        {state.message}{' '}
        <Link href={`/signin/?method=code&url=${encodeURIComponent(DETAILS_PAGE)}`} className="font-semibold underline">
          Sign in with a code
        </Link>
      </p>
    );
  }
  return <FormMessage message={state.message} />;
}
