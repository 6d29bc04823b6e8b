/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SIGNED_OUT_MESSAGE } from './account-state';
import { DetailsFormMessage } from './DetailsFormMessage';

describe('a details form error', () => {
  it('asks for a fresh sign-in by code when an account without a password signed in too long ago', () => {
    render(<DetailsFormMessage state={{ outcome: 'error', code: 'sign_in_again', message: 'For your safety, please sign in again with a code first.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('For your safety, please sign in again with a code first.');
    expect(screen.getByRole('link', { name: 'Sign in with a code' })).toHaveAttribute('href', '/signin/?method=code&url=%2Faccount%2Fdetails%2F');
  });

  it('says the session has ended, with a way to sign in again', () => {
    render(<DetailsFormMessage state={{ outcome: 'error', code: 'unauthorized', message: 'Please sign in.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(SIGNED_OUT_MESSAGE);
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin/?url=%2Faccount%2Fdetails%2F');
  });

  it('shows any other error as it came, and nothing without one', () => {
    const { container, rerender } = render(<DetailsFormMessage state={{ outcome: 'ok' }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DetailsFormMessage state={{ outcome: 'error', code: 'invalid', message: 'Please check the highlighted fields.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
