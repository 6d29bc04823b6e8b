'use client';

import type { FormState } from '@/components/forms/form-state';
import { useStoreApis } from '@/stores/provider';

/**
 * The answer handler of the details forms. A 401 means the session ended since the page loaded (a new password on
 * another device, a sign-out in another tab): the auth store signs out too, so the header stops greeting the
 * customer (DetailsFormMessage says what happened). Any other answer goes to `onOk` when it is a success.
 */
export function useDetailsAnswer<D>(onOk?: (answer: FormState<D>) => void) {
  const stores = useStoreApis();
  return {
    onAnswer: (answer: FormState<D>) => {
      if (answer.outcome === 'ok') onOk?.(answer);
      else if (answer.code === 'unauthorized') stores.auth.getState().signOut();
    },
  };
}
