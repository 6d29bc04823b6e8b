/** @jest-environment jsdom */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { useSignedInAnswer } from './use-signed-in-answer';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

function renderAnswer() {
  const stores = createAppStores();
  const wrapper = ({ children }: { children: ReactNode }) => <StoresProvider stores={stores}>{children}</StoresProvider>;
  return { stores, hook: renderHook(() => useSignedInAnswer(), { wrapper }).result.current };
}

describe('useSignedInAnswer', () => {
  it('a new account signed in: the auth store, a welcome, then the return path', () => {
    const { stores, hook } = renderAnswer();
    hook.onAnswer({ outcome: 'ok', fields: {}, values: {}, data: { profile: { id: 'u1', name: 'Ada', email: 'ada@example.com' }, returnPath: '/services/' } });
    expect(stores.auth.getState().profile).toMatchObject({ isAuth: true, name: 'Ada' });
    expect(stores.ui.getState().notices.map((notice) => [notice.variant, notice.message])).toEqual([['success', 'Welcome, Ada! Your account is ready and you are signed in.']]);
    expect(push).toHaveBeenCalledWith('/services/');
  });

  it('an error answer: no welcome, no move', () => {
    push.mockClear();
    const { stores, hook } = renderAnswer();
    hook.onAnswer({ outcome: 'error', message: 'The link is not valid.', fields: {}, values: {} });
    expect(stores.ui.getState().notices).toEqual([]);
    expect(push).not.toHaveBeenCalled();
  });
});
