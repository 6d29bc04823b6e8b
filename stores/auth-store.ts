import { createStore } from 'zustand/vanilla';
import { SIGNED_OUT, type AuthProfile } from '@/lib/persistence/model';

export type AuthStatus = 'idle' | 'requested' | 'succeeded' | 'failed';

export interface AuthState {
  profile: AuthProfile;
  status: AuthStatus;
}

export interface AuthActions {
  signInRequested: () => void;
  signInSucceeded: (profile: Omit<AuthProfile, 'isAuth'>) => void;
  signInFailed: () => void;
  /** Clears the profile; the provider removes the BnpAuth cookie (path '/') when isAuth turns false. */
  signOut: () => void;
}

export type AuthStore = AuthState & AuthActions;

export function createAuthStore(initProfile: AuthProfile = SIGNED_OUT) {
  return createStore<AuthStore>()((set, get) => ({
    profile: initProfile,
    status: 'idle',
    signInRequested: () => set({ status: 'requested' }),
    signInSucceeded: (profile) => set({ profile: { ...profile, isAuth: true }, status: 'succeeded' }),
    signInFailed: () => set({ profile: { ...get().profile, isAuth: false }, status: 'failed' }),
    signOut: () => set({ profile: SIGNED_OUT, status: 'idle' }),
  }));
}
