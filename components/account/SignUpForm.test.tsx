/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { ENHANCED_FIELD, type FormState } from '@/components/forms/form-state';
import type { SignedIn } from './account-state';
import { finishSignUpAction, signUpAction } from './actions';
import { FinishSignUpForm } from './FinishSignUpForm';
import { SignUpForm } from './SignUpForm';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock('./actions', () => {
  const { progressiveAction } = jest.requireActual('@/components/forms/progressive-action.mock');
  return { signUpAction: progressiveAction(), finishSignUpAction: progressiveAction() };
});
const signUp = jest.mocked(signUpAction);
const finish = jest.mocked(finishSignUpAction);
const CHECK_MAIL = 'Check your e-mail: we have sent you a link to finish creating your account.';

const inStores = (node: React.ReactNode, stores = createAppStores()) => <StoresProvider stores={stores}>{node}</StoresProvider>;

beforeEach(() => {
  signUp.mockReset();
  finish.mockReset();
  push.mockReset();
});

describe('SignUpForm', () => {
  it('posts to its server action before the scripts run, with the return path and the honeypot', () => {
    const html = renderToString(inStores(<SignUpForm returnPath="/checkout/" />));
    expect(html).toMatch(/<form[^>]* method="POST"/);
    expect(html).toContain('<input type="hidden" name="returnPath" value="/checkout/"/>');
    expect(html).toMatch(/<input id="field-website"[^>]* name="website"/);
  });

  it('shows the pending state, then tells the person to check their mail (no sign-in yet)', async () => {
    let answer!: (state: FormState<SignedIn>) => void;
    signUp.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const stores = createAppStores();
    render(inStores(<SignUpForm returnPath="/booking/" />, stores));
    await userEvent.type(screen.getByLabelText('Name'), 'Nia');
    await userEvent.type(screen.getByLabelText('E-mail'), 'nia@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: false }), 'violet-canal-58-ferry');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('button', { name: 'Please wait…' })).toHaveAttribute('aria-disabled', 'true');
    expect(Object.fromEntries(signUp.mock.calls[0]![1])).toEqual({
      returnPath: '/booking/',
      name: 'Nia',
      email: 'nia@example.com',
      password: 'violet-canal-58-ferry',
      website: '',
      [ENHANCED_FIELD]: '1',
    });
    answer({ outcome: 'ok', message: CHECK_MAIL, fields: {}, values: {} });
    expect(await screen.findByRole('status')).toHaveTextContent(CHECK_MAIL);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(stores.auth.getState().profile.isAuth).toBe(false);
    expect(push).not.toHaveBeenCalled();
    expect(stores.ui.getState().progress).toBe(0);
  });

  it('shows field errors and keeps the name and e-mail', async () => {
    signUp.mockResolvedValue({ outcome: 'error', message: 'Please check the highlighted fields.', fields: { password: 'This password is too common. Choose one that is harder to guess.' }, values: { name: 'Pat', email: 'pat@example.com' } });
    render(inStores(<SignUpForm returnPath="/" />));
    await userEvent.type(screen.getByLabelText('Name'), 'Pat');
    await userEvent.type(screen.getByLabelText('E-mail'), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(screen.getByText('This password is too common. Choose one that is harder to guess.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Pat');
  });

  it('signs in at once when an upstream API does (proxy mode)', async () => {
    signUp.mockResolvedValue({ outcome: 'ok', fields: {}, values: {}, data: { profile: { id: 'u1', name: 'Uma', email: 'uma@example.com' }, returnPath: '/booking/' } });
    const stores = createAppStores();
    render(inStores(<SignUpForm returnPath="/booking/" />, stores));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/booking/'));
    expect(stores.auth.getState().profile).toMatchObject({ customerId: 'u1', isAuth: true });
  });
});

describe('FinishSignUpForm', () => {
  it('is one button that posts the token; it signs in and goes to the return path', async () => {
    expect(renderToString(inStores(<FinishSignUpForm token={'t'.repeat(43)} returnPath="/booking/" />))).toMatch(/<form[^>]* method="POST"/);
    finish.mockResolvedValue({ outcome: 'ok', fields: {}, values: {}, data: { profile: { id: 'u2', name: 'Ona', email: 'ona@example.com' }, returnPath: '/booking/' } });
    const stores = createAppStores();
    render(inStores(<FinishSignUpForm token={'t'.repeat(43)} returnPath="/booking/" />, stores));
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(Object.fromEntries(finish.mock.calls[0]![1])).toEqual({ token: 't'.repeat(43), [ENHANCED_FIELD]: '1' });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/booking/'));
    expect(stores.auth.getState().profile).toMatchObject({ customerId: 'u2', name: 'Ona', isAuth: true });
  });

  it('sends the person to sign in when the account exists by then', async () => {
    finish.mockResolvedValue({ outcome: 'error', code: 'account_exists', message: 'An account with this e-mail address exists already. Please sign in.', fields: {}, values: {} });
    render(inStores(<FinishSignUpForm token={'t'.repeat(43)} returnPath="/booking/" />));
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('exists already');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', expect.stringMatching(/^\/signin\/?\?url=%2Fbooking%2F$/));
  });
});
