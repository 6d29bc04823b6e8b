'use client';

import { useRouter } from 'next/navigation';
import type { FormState } from '@/components/forms/form-state';
import { useStoreApis } from '@/stores/provider';
import type { SignedIn } from './account-state';

/**
 * The progress bar and, when the answer signs the person in, the auth store, a welcome (the new account is ready:
 * the page they land on would otherwise say nothing) and the way to the return path: what the forms whose answer can
 * be a session (sign-up, the mailed sign-up link) do with it.
 */
export function useSignedInAnswer() {
  const router = useRouter();
  const stores = useStoreApis();
  return {
    onSend: () => stores.ui.getState().startProgress(),
    onAnswer: (answer: FormState<SignedIn>) => {
      stores.ui.getState().endProgress();
      if (answer.outcome !== 'ok' || !answer.data) return;
      const { profile } = answer.data;
      stores.auth.getState().signInSucceeded({ customerId: profile.id, name: profile.name, email: profile.email });
      stores.ui.getState().notify({ variant: 'success', message: welcomeMessage(profile.name) });
      router.push(answer.data.returnPath);
    },
  };
}

export function welcomeMessage(name: string): string {
  return `Welcome${name ? `, ${name}` : ''}! Your account is ready and you are signed in.`;
}
