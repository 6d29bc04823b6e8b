/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { ENHANCED_FIELD, NETWORK_FAILED, type FormState } from '@/components/forms/form-state';
import type { SignedIn } from './account-state';
import { signInAction } from './actions';
import { SignInForm, PASSWORD_CHANGED } from './SignInForm';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock('./actions', () => ({ signInAction: jest.requireActual('@/components/forms/progressive-action.mock').progressiveAction() }));
const action = jest.mocked(signInAction);

function setup(props: { returnPath?: string; passwordChanged?: boolean } = {}) {
  const stores = createAppStores();
  render(
    <StoresProvider stores={stores}>
      <SignInForm returnPath={props.returnPath ?? '/specials/'} passwordChanged={props.passwordChanged} />
    </StoresProvider>,
  );
  return stores;
}

async function fillAndSend(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  action.mockReset();
  push.mockReset();
});

describe('SignInForm', () => {
  it('is a form that posts to its server action before the scripts run, with the return path in a hidden field', () => {
    const html = renderToString(
      <StoresProvider stores={createAppStores()}>
        <SignInForm returnPath="/booking/?step=2" />
      </StoresProvider>,
    );
    expect(html).toMatch(/<form[^>]* method="POST"/);
    expect(html).toMatch(/<form[^>]* enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<input type="hidden" name="\$ACTION_REF_[^"]*"/);
    expect(html).toContain('<input type="hidden" name="returnPath" value="/booking/?step=2"/>');
    expect(html).not.toMatch(/<form[^>]* method="get"/i);
    // Sent by a browser that runs no scripts only (its <noscript> is markup then): the server says where it lands.
    expect(html).toContain('<noscript><input type="hidden" name="noscript" value="1"/></noscript>');
  });

  it('shows the pending state, then signs in: the auth store learns of it and the page goes to the return path', async () => {
    let answer!: (state: FormState<SignedIn>) => void;
    action.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const stores = setup();
    await fillAndSend('ada@example.com', 'violet-canal-58-ferry');
    const button = screen.getByRole('button', { name: 'Please wait…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // The focus stays on it (a disabled button would drop it to the page), and a second press sends nothing.
    expect(button).toHaveFocus();
    await userEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    expect(stores.auth.getState().status).toBe('requested');
    const sent = action.mock.calls[0]![1];
    expect(Object.fromEntries(sent)).toEqual({ returnPath: '/specials/', email: 'ada@example.com', password: 'violet-canal-58-ferry', [ENHANCED_FIELD]: '1' });
    answer({ outcome: 'ok', fields: {}, values: {}, data: { profile: { id: 'id-1', name: 'Ada', email: 'ada@example.com' }, returnPath: '/specials/' } });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/specials/'));
    // Signed in: the button stays disabled while the next page loads.
    expect(screen.getByRole('button', { name: 'Please wait…' })).toHaveAttribute('aria-disabled', 'true');
    expect(stores.auth.getState().profile).toEqual({ customerId: 'id-1', name: 'Ada', email: 'ada@example.com', isAuth: true });
    expect(stores.ui.getState().progress).toBe(0);
  });

  it("shows the action's message and field errors, keeps the typed e-mail, and tells the store it failed", async () => {
    action.mockResolvedValue({ outcome: 'error', message: 'The e-mail or password is not right.', fields: {}, values: { email: 'ada@example.com' } });
    const stores = setup();
    await fillAndSend('ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not right.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    expect(stores.auth.getState().status).toBe('failed');
    expect(push).not.toHaveBeenCalled();

    action.mockResolvedValue({ outcome: 'error', message: 'Please check the highlighted fields.', fields: { email: 'Enter a valid e-mail address, like name@example.com.' }, values: { email: 'x' } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the salon cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    action.mockRejectedValue(new TypeError('Failed to fetch'));
    setup();
    await fillAndSend('ada@example.com', 'violet-canal-58-ferry');
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILED);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    jest.mocked(console.error).mockRestore();
  });

  it('says the password was changed when it comes from a reset', () => {
    setup({ passwordChanged: true });
    expect(screen.getByRole('status')).toHaveTextContent(PASSWORD_CHANGED);
  });
});
