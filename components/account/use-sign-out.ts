'use client';

import { useStoreApis, useWhenLoaded } from '@/stores/provider';
import { loadPage } from './load-page';
import { withProgress } from '@/stores/ui-store';

/**
 * Signs out on the server, then clears the local profile, the card's customer and the shop's customer, and loads the
 * home page as a new document: the router's cache would otherwise give Back the account page it had rendered, with
 * every appointment on it, to whoever uses the phone next.
 */
export function useSignOut(): () => Promise<void> {
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  return async function signOut() {
    try {
      await withProgress(stores.ui, async () => {
        const response = await fetch('/api/auth/signout/', { method: 'POST', credentials: 'same-origin' });
        if (!response.ok) throw new Error(`Sign-out answered ${response.status}`);
      });
    } catch (error) {
      // The local profile is cleared anyway: the visitor asked to leave.
      console.error(error);
    }
    // Cleared after the saved state is in, or it would bring the profile and the card's customer back.
    whenLoaded(() => {
      stores.auth.getState().signOut();
      stores.card.getState().logOut();
      stores.shop.getState().setCustomerId('');
      loadPage('/');
    });
  };
}
