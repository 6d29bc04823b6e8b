'use client';

import { signOutAction } from './actions';
import { useSignOut } from './use-sign-out';

/**
 * Sign out on the account page: the header's button needs the page's scripts, and on a shared computer a visitor
 * without them had no way to leave. Posted by the browser without scripts; with them, useSignOut.
 */
export function SignOutForm() {
  const signOut = useSignOut();
  return (
    <form
      action={signOutAction}
      onSubmit={(event) => {
        event.preventDefault();
        void signOut();
      }}
    >
      <button type="submit" className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700">
        Sign out
      </button>
    </form>
  );
}
