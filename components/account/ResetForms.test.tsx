/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ENHANCED_FIELD, type FormState } from '@/components/forms/form-state';
import { resetEmailAction, resetPasswordAction } from './actions';
import { ResetEmailForm } from './ResetEmailForm';
import { ResetPasswordForm } from './ResetPasswordForm';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock('./actions', () => {
  const { progressiveAction } = jest.requireActual('@/components/forms/progressive-action.mock');
  return { resetEmailAction: progressiveAction(), resetPasswordAction: progressiveAction() };
});
const resetEmail = jest.mocked(resetEmailAction);
const resetPassword = jest.mocked(resetPasswordAction);
const TOKEN = 'r'.repeat(43);

beforeEach(() => {
  resetEmail.mockReset();
  resetPassword.mockReset();
  push.mockReset();
});

describe('ResetEmailForm', () => {
  it('posts to its server action before the scripts run', () => {
    expect(renderToString(<ResetEmailForm />)).toMatch(/<form[^>]* method="POST"/);
  });

  it('shows the pending state, then goes to /resetconfirmation/', async () => {
    let answer!: (state: FormState) => void;
    resetEmail.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(<ResetEmailForm />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'dee@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByRole('button', { name: 'Please wait…' })).toHaveAttribute('aria-disabled', 'true');
    expect(Object.fromEntries(resetEmail.mock.calls[0]![1])).toEqual({ email: 'dee@example.com', [ENHANCED_FIELD]: '1' });
    answer({ outcome: 'ok', fields: {}, values: {} });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/resetconfirmation/'));
  });

  it("shows the rate limit's message", async () => {
    resetEmail.mockResolvedValue({ outcome: 'error', message: 'Too many attempts. Please wait 60 minutes and try again.', fields: {}, values: { email: 'dee@example.com' } });
    render(<ResetEmailForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait 60 minutes and try again.');
    expect(push).not.toHaveBeenCalled();
  });
});

describe('ResetPasswordForm', () => {
  it('posts the token in a hidden field to its server action before the scripts run', () => {
    const html = renderToString(<ResetPasswordForm token={TOKEN} />);
    expect(html).toMatch(/<form[^>]* method="POST"/);
    expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`);
  });

  it('shows the pending state, then goes to sign in with the notice', async () => {
    let answer!: (state: FormState) => void;
    resetPassword.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(<ResetPasswordForm token={TOKEN} />);
    await userEvent.type(screen.getByLabelText('New password'), 'amber-bridge-93-lantern');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByRole('button', { name: 'Please wait…' })).toHaveAttribute('aria-disabled', 'true');
    expect(Object.fromEntries(resetPassword.mock.calls[0]![1])).toEqual({ token: TOKEN, password: 'amber-bridge-93-lantern', [ENHANCED_FIELD]: '1' });
    answer({ outcome: 'ok', fields: {}, values: {} });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/signin/?reset=done'));
  });

  it('shows a weak-password message, and goes to /resetnotvalid/ for a dead link', async () => {
    resetPassword.mockResolvedValueOnce({ outcome: 'error', message: 'Please check the highlighted fields.', fields: { password: 'This password is too common. Choose one that is harder to guess.' }, values: {} });
    render(<ResetPasswordForm token={TOKEN} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('This password is too common. Choose one that is harder to guess.')).toBeInTheDocument();
    resetPassword.mockResolvedValueOnce({ outcome: 'error', message: 'This reset link is not valid or has expired.', fields: { token: 'This reset link is not valid or has expired.' }, values: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/resetnotvalid/'));
  });
});
